import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * Tables that count requests rather than hold data: rate-limit counters move
 * on every request, rejected or not; the migrator's own tables never change.
 */
const BOOKKEEPING = /^(rate_limits|kysely_migration|kysely_migration_lock)$/;

export type DbSnapshot = Record<string, string>;

/** The base tables of the app's schema, read from information_schema (new tables are included by themselves). */
export async function dataTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name).filter((name) => !BOOKKEEPING.test(name));
}

/** Row count and an order-independent hash of every row, per table, in one query. */
export async function snapshot(db: Db, tables: string[]): Promise<DbSnapshot> {
  const parts = tables.map(
    (name) =>
      sql`select ${name}::text as t, count(*)::text || ':' || coalesce(md5(string_agg(md5(r::text), '' order by md5(r::text))), '') as h from ${sql.table(name)} r`,
  );
  const { rows } = await sql<{ t: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** Names of the tables whose rows differ between two snapshots. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}
