import { type Kysely } from 'kysely';

/**
 * The device an order was placed on (mobile/desktop, from the order's client
 * details; null when the platform did not say), so the funnel splits orders
 * and revenue by device like its other steps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('device', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('device').execute();
}
