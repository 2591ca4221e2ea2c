import { sql, type Kysely } from 'kysely';

/**
 * Who created a shop row: `standalone` (the demo seed, the standalone app's own
 * provisioning) or `platform` (installed from the platform). The standalone dev
 * token endpoint mints only for `standalone` shops. Existing rows: a shop with
 * a platform access token was installed from the platform, any other one was
 * made by the standalone app.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shops')
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('platform'))
    .execute();
  await sql`update shops set origin = 'standalone' where id not in (select shop_id from oauth_sessions)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shops').dropColumn('origin').execute();
}
