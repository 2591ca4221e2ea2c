import { sql, type Kysely } from 'kysely';

/**
 * Job leases: a worker that claims a generation writes its id and a lease
 * that it renews while the job runs; recovery re-queues only jobs whose lease
 * ran out, so a restarting instance never touches a job another live instance
 * is running. Replaces locked_at (a claim time that recovery had to guess from).
 * A job IN_PROGRESS at this migration has no lease: the first recovery takes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('image_generations')
    .addColumn('worker_id', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .dropColumn('locked_at')
    .execute();
  await sql`create index image_generations_leases on image_generations (lease_expires_at) where status = 'IN_PROGRESS'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists image_generations_leases`.execute(db);
  await db.schema
    .alterTable('image_generations')
    .addColumn('locked_at', 'timestamptz')
    .dropColumn('lease_expires_at')
    .dropColumn('worker_id')
    .execute();
}
