import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { CatalogProduct, CatalogSyncState } from '../../../src/contracts/catalog';
import { lookStockChanged } from '../looks/stock';
import { invalidateLooksList } from '../looks/looks';

export async function searchCatalog(db: Db, shopId: number, query: string, limit: number): Promise<CatalogProduct[]> {
  let q = db
    .selectFrom('catalogProducts')
    .select(['gid', 'handle', 'title', 'price', 'compareAtPrice', 'images', 'status', 'productType'])
    .where('shopId', '=', shopId)
    .where('status', '!=', 'archived')
    .orderBy('title')
    .limit(limit);
  const text = query.trim();
  if (text) q = q.where('title', 'ilike', `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.gid,
    handle: r.handle,
    title: r.title,
    price: Number(r.price),
    compareAtPrice: r.compareAtPrice === null ? null : Number(r.compareAtPrice),
    images: r.images,
    status: r.status,
    productType: r.productType,
  }));
}

export async function findProductsByGid(db: Db, shopId: number, gids: string[]) {
  if (!gids.length) return [];
  return db.selectFrom('catalogProducts').selectAll().where('shopId', '=', shopId).where('gid', 'in', gids).execute();
}

/** A product as the platform (Admin API sync, products/update webhook) or the demo seed describes it. */
export interface CatalogProductInput {
  gid: string;
  handle: string;
  title: string;
  status: 'active' | 'draft' | 'archived';
  price: number | string;
  compareAtPrice: number | string | null;
  images: string[];
  productType: string;
  /** The product's first variant (gid); undefined keeps the one stored. */
  defaultVariantGid?: string | null;
  /** When the merchant last changed it on the platform (unknown: null/undefined, always written). */
  platformUpdatedAt?: Date | null;
  /** Some variant is available for sale (false: sold out); undefined keeps the one stored (new rows: available). */
  available?: boolean;
}

/**
 * Writes the stock of products already in the catalog, as the platform describes it, unless the stored
 * row is newer (`platformUpdatedAt`). Each change of a product's stock is seen by exactly one writer
 * (a conditional update: concurrent writers of the same change do not both see it), and goes on to the
 * looks (lookStockChanged: the changes of the outbox that the Flow trigger, the storefront and the
 * bundle discount read), in the same transaction: `trx`, or one of its own. `db`: the app's database
 * (its job engine queues the outbox's readers).
 */
export async function recordAvailability(
  db: Db,
  shopId: number,
  rows: ReadonlyArray<{ gid: string; available?: boolean; platformUpdatedAt?: Date | null }>,
  trx?: Transaction<Database>,
): Promise<{ soldOut: string[]; restocked: string[] }> {
  const known = rows.filter((r) => typeof r.available === 'boolean');
  if (!known.length) return { soldOut: [], restocked: [] };
  if (!trx) {
    const result = await db.transaction().execute((own) => recordAvailability(db, shopId, rows, own));
    if (result.soldOut.length || result.restocked.length) await invalidateLooksList(db, shopId);
    return result;
  }
  const values = known.map((r) => ({
    gid: r.gid,
    available: r.available,
    updated_at: r.platformUpdatedAt?.toISOString() ?? null,
  }));
  const changed = await sql<{ gid: string; available: boolean }>`
    update catalog_products c
       set available = x.available
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(gid text, available boolean, updated_at timestamptz)
     where c.shop_id = ${shopId} and c.gid = x.gid and c.available <> x.available
       and (x.updated_at is null or c.platform_updated_at is null or x.updated_at >= c.platform_updated_at)
    returning c.gid, c.available`.execute(trx);
  const soldOut = changed.rows.filter((r) => !r.available).map((r) => r.gid);
  const restocked = changed.rows.filter((r) => r.available).map((r) => r.gid);
  if (soldOut.length || restocked.length) await lookStockChanged(db, shopId, { soldOut, restocked }, trx);
  return { soldOut, restocked };
}

/**
 * Inserts or updates products by platform id. A handle another product of the shop held before
 * (handles move when products are renamed) is released first, so the upsert never conflicts. In
 * `trx` (or a transaction of its own), with the stock changes it records (recordAvailability).
 */
export async function upsertCatalogProducts(
  db: Db,
  shopId: number,
  products: CatalogProductInput[],
  trx?: Transaction<Database>,
): Promise<void> {
  if (!products.length) return;
  if (!trx) {
    await db.transaction().execute((own) => upsertCatalogProducts(db, shopId, products, own));
    return invalidateLooksList(db, shopId);
  }
  // Stock first: its changes are told once (the upsert below never changes a stored row's stock).
  await recordAvailability(db, shopId, products, trx);
  await trx
    .deleteFrom('catalogProducts')
    .where('shopId', '=', shopId)
    .where(
      'handle',
      'in',
      products.map((p) => p.handle),
    )
    .where(
      'gid',
      'not in',
      products.map((p) => p.gid),
    )
    .execute();
  await trx
    .insertInto('catalogProducts')
    .values(
      products.map((p) => ({
        shopId,
        gid: p.gid,
        handle: p.handle,
        title: p.title,
        status: p.status,
        price: p.price,
        compareAtPrice: p.compareAtPrice,
        images: JSON.stringify(p.images),
        productType: p.productType,
        defaultVariantGid: p.defaultVariantGid ?? null,
        platformUpdatedAt: p.platformUpdatedAt ?? null,
        available: p.available ?? true,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['shopId', 'gid'])
        .doUpdateSet((eb) => ({
          handle: eb.ref('excluded.handle'),
          title: eb.ref('excluded.title'),
          status: eb.ref('excluded.status'),
          price: eb.ref('excluded.price'),
          compareAtPrice: eb.ref('excluded.compareAtPrice'),
          images: eb.ref('excluded.images'),
          productType: eb.ref('excluded.productType'),
          // A description without variants (none known) keeps the variant stored.
          defaultVariantGid: eb.fn.coalesce('excluded.defaultVariantGid', 'catalogProducts.defaultVariantGid'),
          platformUpdatedAt: eb.fn.coalesce('excluded.platformUpdatedAt', 'catalogProducts.platformUpdatedAt'),
        }))
        // An older description (a late webhook, a sync page fetched before the last change) never overwrites a newer one.
        .where((eb) =>
          eb.or([
            eb('excluded.platformUpdatedAt', 'is', null),
            eb('catalogProducts.platformUpdatedAt', 'is', null),
            eb('excluded.platformUpdatedAt', '>=', eb.ref('catalogProducts.platformUpdatedAt')),
          ]),
        ),
    )
    .execute();
}

/** Removes the shop's products a complete sync did not see (deleted on the platform); returns their ids. */
export async function removeCatalogProductsExcept(db: Db, shopId: number, seenGids: string[]): Promise<string[]> {
  const rows = await db
    .deleteFrom('catalogProducts')
    .where('shopId', '=', shopId)
    .where(sql<boolean>`gid <> all(${seenGids}::text[])`)
    .returning('gid')
    .execute();
  return rows.map((r) => r.gid);
}

/** A running sync whose progress has not moved for this long stopped (its instance died): failed, retried. */
export const SYNC_STALE_MS = 10 * 60_000;

/**
 * How far the shop's catalog is: the sync's progress in shopify mode (the same on every instance:
 * it is stored), the seeded catalog (complete) in standalone mode.
 */
export async function getCatalogSyncState(db: Db, shopId: number, now: Date): Promise<CatalogSyncState> {
  const row = await db
    .selectFrom('catalogSyncs')
    .select(['status', 'synced', 'total', 'startedAt', 'finishedAt', 'updatedAt', 'reconciledAt'])
    .where('shopId', '=', shopId)
    .executeTakeFirst();
  if (row) {
    const stale = row.status === 'running' && now.getTime() - row.updatedAt.getTime() > SYNC_STALE_MS;
    return {
      status: stale ? 'failed' : row.status,
      synced: row.synced,
      total: row.total,
      // A finished sync sets reconciledAt: until then, this is the shop's first catalog.
      first: row.reconciledAt === null,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }
  const { n } = await db
    .selectFrom('catalogProducts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shopId', '=', shopId)
    .executeTakeFirstOrThrow();
  const count = Number(n);
  return count
    ? { status: 'done', synced: count, total: count, first: false, startedAt: null, finishedAt: null }
    : { status: 'idle', synced: 0, total: null, first: true, startedAt: null, finishedAt: null };
}
