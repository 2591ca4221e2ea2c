import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db';
import type { Config } from '../../../config';
import { eraseShopFiles as eraseStoredShopFiles, storageFor } from '../../../storage';
import { invalidateLooksList } from '../../../services/looks/looks';
import { invalidateStats } from '../../../services/analytics/stats';
import { jobsFor } from '../../../jobs';

/** Bookkeeping of the migrator: not shop data. */
const SYSTEM_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Columns naming a shop by id or by domain, in any table (future ones included). */
const SHOP_ID_COLUMNS = new Set(['shop_id']);
const SHOP_DOMAIN_COLUMNS = new Set(['shop_domain', 'shop']);

interface ForeignKey {
  table: string;
  columns: string[];
  parentTable: string;
  parentColumns: string[];
}

interface Schema {
  tables: string[];
  columns: Map<string, Map<string, string>>;
  foreignKeys: ForeignKey[];
}

/** Tables, columns and foreign keys of the app's schema, read from the database itself. */
export async function readSchema(db: Db): Promise<Schema> {
  const tables = await sql<{ tableName: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const columns = await sql<{ tableName: string; columnName: string; dataType: string }>`
    SELECT table_name, column_name, data_type FROM information_schema.columns
    WHERE table_schema = current_schema()`.execute(db);
  // pg_constraint keeps the column order of multi-column keys (information_schema matches by constraint name, which is not unique per schema).
  const foreignKeys = await sql<ForeignKey>`
    SELECT cl.relname::text AS table, pcl.relname::text AS parent_table,
      (SELECT json_agg(a.attname::text ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
      (SELECT json_agg(a.attname::text ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
        JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS parent_columns
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_class pcl ON pcl.oid = c.confrelid
    JOIN pg_namespace ns ON ns.oid = cl.relnamespace
    WHERE c.contype = 'f' AND ns.nspname = current_schema()`.execute(db);
  const byTable = new Map<string, Map<string, string>>();
  for (const c of columns.rows) {
    if (!byTable.has(c.tableName)) byTable.set(c.tableName, new Map());
    byTable.get(c.tableName)!.set(c.columnName, c.dataType);
  }
  return {
    tables: tables.rows.map((t) => t.tableName).filter((t) => !SYSTEM_TABLES.has(t)),
    columns: byTable,
    foreignKeys: foreignKeys.rows,
  };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * For every table, the rows that belong to the shop, as a WHERE condition:
 * its shop id / shop domain columns (or a foreign key to shops), else rows
 * referencing the shop's rows of another table, else (tables linked to nothing,
 * such as rate-limit counters) rows whose content names the shop's domain.
 */
export function shopRowConditions(
  schema: Schema,
  shop: { id: number; domain: string },
): Map<string, RawBuilder<boolean>> {
  const direct = new Map<string, RawBuilder<boolean>[]>();
  const add = (table: string, condition: RawBuilder<boolean>) =>
    direct.set(table, [...(direct.get(table) ?? []), condition]);
  for (const table of schema.tables) {
    const columns = schema.columns.get(table) ?? new Map<string, string>();
    if (table === 'shops') add(table, sql<boolean>`${sql.ref('id')} = ${shop.id}`);
    for (const [column, type] of columns) {
      if (SHOP_ID_COLUMNS.has(column)) add(table, sql<boolean>`${sql.ref(column)} = ${shop.id}`);
      if (SHOP_DOMAIN_COLUMNS.has(column) && (type === 'text' || type === 'character varying'))
        add(table, sql<boolean>`lower(${sql.ref(column)}) = ${shop.domain}`);
    }
  }
  for (const fk of schema.foreignKeys) {
    if (
      fk.parentTable === 'shops' &&
      fk.parentColumns.length === 1 &&
      fk.parentColumns[0] === 'id' &&
      !SHOP_ID_COLUMNS.has(fk.columns[0])
    ) {
      add(fk.table, sql<boolean>`${sql.ref(fk.columns[0])} = ${shop.id}`);
    }
  }

  const conditions = new Map<string, RawBuilder<boolean>>();
  const resolve = (table: string, seen: Set<string>): RawBuilder<boolean> | null => {
    if (conditions.has(table)) return conditions.get(table)!;
    if (seen.has(table) || seen.size > 6) return null;
    const parts = [...(direct.get(table) ?? [])];
    const next = new Set(seen).add(table);
    for (const fk of schema.foreignKeys) {
      if (fk.table !== table || fk.parentTable === table || fk.parentTable === 'shops') continue;
      const parent = resolve(fk.parentTable, next);
      if (!parent) continue;
      const cols = sql.join(fk.columns.map((c) => sql.ref(c)));
      const parentCols = sql.join(fk.parentColumns.map((c) => sql.ref(c)));
      parts.push(sql<boolean>`(${cols}) IN (SELECT ${parentCols} FROM ${sql.table(fk.parentTable)} WHERE ${parent})`);
    }
    if (!parts.length) return null;
    return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
  };
  for (const table of schema.tables) {
    const condition = resolve(table, new Set());
    if (condition) conditions.set(table, condition);
  }
  const pattern = `(^|[^a-z0-9.-])${escapeRegex(shop.domain)}($|[^a-z0-9.-])`;
  for (const table of schema.tables) {
    if (conditions.has(table)) continue;
    conditions.set(table, sql<boolean>`row_to_json(${sql.table(table)})::text ~* ${pattern}`);
  }
  return conditions;
}

/** Tables in an order where every table comes before the tables it references (children first). */
export function deletionOrder(schema: Schema): string[] {
  const children = new Map<string, string[]>();
  for (const fk of schema.foreignKeys) {
    if (fk.table === fk.parentTable) continue;
    children.set(fk.parentTable, [...(children.get(fk.parentTable) ?? []), fk.table]);
  }
  const order: string[] = [];
  const visited = new Set<string>();
  const visit = (table: string) => {
    if (visited.has(table)) return;
    visited.add(table);
    for (const child of children.get(table) ?? []) visit(child);
    order.push(table);
  };
  for (const table of schema.tables) visit(table);
  return order.filter((t) => schema.tables.includes(t));
}

/**
 * shop/redact: deletes every row of the shop in every table of the schema
 * (found from the database, so tables added later are covered) in one
 * transaction, in foreign-key-safe order, then the shop's files (every key under shops/<id>/,
 * server/storage: eraseShopFiles, idempotent, so a retried run finishes what a crash left).
 */
export async function eraseShop(
  db: Db,
  config: Pick<Config, 'files'>,
  shop: { id: number; domain: string },
): Promise<Record<string, number>> {
  const schema = await readSchema(db);
  const conditions = shopRowConditions(schema, { id: shop.id, domain: shop.domain.toLowerCase() });
  const deleted: Record<string, number> = {};
  // The files go in a job queued with the deletion (shop.eraseFiles): retried until done, even if this
  // process dies right after the commit. Without the app's job engine (scripts), at once after it.
  const jobs = jobsFor(db);
  const erasesLater = !!jobs?.handles('shop.eraseFiles');
  await db.transaction().execute(async (trx) => {
    for (const table of deletionOrder(schema)) {
      const condition = conditions.get(table);
      if (!condition) continue;
      const result = await sql`DELETE FROM ${sql.table(table)} WHERE ${condition}`.execute(trx);
      const n = Number(result.numAffectedRows ?? 0);
      if (n) deleted[table] = n;
    }
    if (erasesLater) await jobs!.send('shop.eraseFiles', { shopId: shop.id }, { trx });
  });
  if (!erasesLater) await eraseShopFiles(config, shop.id);
  await Promise.all([invalidateLooksList(db, shop.id), invalidateStats(db, shop.id)]);
  return deleted;
}

/**
 * Every file of the shop: the one call site of file erasure (the shop.eraseFiles job, or eraseShop
 * without a job engine). A delete of the shop's key prefix in the storage (the local directory or the
 * bucket), idempotent, so a retried job finishes what a crash left.
 */
export async function eraseShopFiles(config: Pick<Config, 'files'>, shopId: number): Promise<void> {
  await eraseStoredShopFiles(storageFor(config), shopId);
}
