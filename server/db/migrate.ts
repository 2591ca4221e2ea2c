import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_looks';
import * as m0003 from './migrations/0003_storefront';
import * as m0004 from './migrations/0004_analytics';
import * as m0005 from './migrations/0005_billing';
import * as m0006 from './migrations/0006_gallery';
import * as m0007 from './migrations/0007_oauth';
import * as m0008 from './migrations/0008_rate_limits';
import * as m0009 from './migrations/0009_shop_origin';
import * as m0010 from './migrations/0010_webhook_deliveries';
import * as m0011 from './migrations/0011_access_tokens';
import * as m0012 from './migrations/0012_job_leases';
import * as m0013 from './migrations/0013_web_vitals';
import * as m0014 from './migrations/0014_bundle_discounts';
import * as m0015 from './migrations/0015_storefront_changes';
import * as m0016 from './migrations/0016_shop_plan';
import * as m0017 from './migrations/0017_catalog_variants_sync';
import * as m0018 from './migrations/0018_funnel';
import * as m0019 from './migrations/0019_order_device';
import * as m0020 from './migrations/0020_generation_item_positions';
import * as m0021 from './migrations/0021_experiments';
import * as m0022 from './migrations/0022_plan_feature_texts';
import * as m0023 from './migrations/0023_checkout_switch';
import * as m0024 from './migrations/0024_catalog_product_updated_at';
import * as m0025 from './migrations/0025_proxy_path';
import * as m0026 from './migrations/0026_file_keys';
import * as m0030 from './migrations/0030_order_refunds';
import * as m0031 from './migrations/0031_bundle_discount_combinations';
import * as m0040 from './migrations/0040_generation_jobs';
import * as m0041 from './migrations/0041_catalog_sync_jobs';
import * as m0045 from './migrations/0045_changes';
import * as m0050 from './migrations/0050_look_discount_tiers';
import * as m0055 from './migrations/0055_catalog_stock';
import * as m0060 from './migrations/0060_flow_triggers';
import * as m0061 from './migrations/0061_order_reconciliations';
import * as m0062 from './migrations/0062_drop_platform_leases';

/** Versioned migrations, applied in name order at start. Add new ones at the end; never edit a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_looks': m0002,
  '0003_storefront': m0003,
  '0004_analytics': m0004,
  '0005_billing': m0005,
  '0006_gallery': m0006,
  '0007_oauth': m0007,
  '0008_rate_limits': m0008,
  '0009_shop_origin': m0009,
  '0010_webhook_deliveries': m0010,
  '0011_access_tokens': m0011,
  '0012_job_leases': m0012,
  '0013_web_vitals': m0013,
  '0014_bundle_discounts': m0014,
  '0015_storefront_changes': m0015,
  '0016_shop_plan': m0016,
  '0017_catalog_variants_sync': m0017,
  '0018_funnel': m0018,
  '0019_order_device': m0019,
  '0020_generation_item_positions': m0020,
  '0021_experiments': m0021,
  '0022_plan_feature_texts': m0022,
  '0023_checkout_switch': m0023,
  '0024_catalog_product_updated_at': m0024,
  '0025_proxy_path': m0025,
  '0026_file_keys': m0026,
  '0030_order_refunds': m0030,
  '0031_bundle_discount_combinations': m0031,
  '0040_generation_jobs': m0040,
  '0041_catalog_sync_jobs': m0041,
  '0045_changes': m0045,
  '0050_look_discount_tiers': m0050,
  '0055_catalog_stock': m0055,
  '0060_flow_triggers': m0060,
  '0061_order_reconciliations': m0061,
  '0062_drop_platform_leases': m0062,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** Where a database stands against this code's migrations. */
export interface MigrationStatus {
  current: boolean;
  /** Applied on the database, unknown to this code (a newer release migrated it). */
  ahead: string[];
  /** Known to this code, not applied (`npm run migrate` has not run). */
  behind: string[];
}

/** Reads Kysely's migration table (none yet: every migration is behind). */
export async function migrationStatus(db: Kysely<any>): Promise<MigrationStatus> {
  const exists = await sql<{ t: string | null }>`select to_regclass(${DEFAULT_MIGRATION_TABLE})::text as t`.execute(db);
  const applied = exists.rows[0]?.t
    ? (await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute()).map((r: { name: string }) => r.name)
    : [];
  const known = Object.keys(migrations);
  const ahead = applied.filter((name) => !(name in migrations)).sort();
  const done = new Set(applied);
  const behind = known.filter((name) => !done.has(name));
  return { current: !ahead.length && !behind.length, ahead, behind };
}

/** One line an operator can act on. */
export function describeMigrationStatus(s: MigrationStatus): string {
  if (s.current) return `all ${Object.keys(migrations).length} migrations applied`;
  if (s.ahead.length)
    return `the database has migrations this code does not know (${s.ahead.join(', ')}): deploy the release that made them`;
  return `${s.behind.length} migration(s) not applied (${s.behind.join(', ')}): run \`npm run migrate\` (the release step) first`;
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
