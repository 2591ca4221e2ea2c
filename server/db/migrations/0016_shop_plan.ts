import type { Kysely } from 'kysely';

/**
 * When the shop's plan (`shop { plan { shopifyPlus partnerDevelopment } }`) was last read from the
 * Admin API; `can_use_checkout_ui_extension` caches its answer. Null: not read yet, or marked stale
 * (app/scopes_update) — the next admin read asks the platform again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shops').addColumn('plan_checked_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shops').dropColumn('plan_checked_at').execute();
}
