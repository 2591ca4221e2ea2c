import { sql, type Kysely } from 'kysely';

/**
 * Image generations run as jobs of the job engine (pg-boss queue `generation.run`): the engine's
 * heartbeats and retries replace the lease each claim wrote and renewed. worker_id stays (which try
 * of which instance ran the run last). Runs queued or running at this migration get their job when
 * the app starts (generationQueue.ts: adoptRuns).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists image_generations_leases`.execute(db);
  await db.schema.alterTable('image_generations').dropColumn('lease_expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('image_generations').addColumn('lease_expires_at', 'timestamptz').execute();
  await sql`create index image_generations_leases on image_generations (lease_expires_at) where status = 'IN_PROGRESS'`.execute(
    db,
  );
}
