import { sql } from 'kysely';
import type { Db } from '../../db';
import { SOLD_OUT_LOOKS_MAX, type SoldOutLooksResponse } from '../../../src/contracts/looks';

/** Which of these products are sold out (every variant unavailable) in the shop's catalog. */
export async function soldOutProductGids(db: Db, shopId: number, gids: readonly string[]): Promise<string[]> {
  if (!gids.length) return [];
  const rows = await db
    .selectFrom('catalogProducts')
    .select('gid')
    .where('shopId', '=', shopId)
    .where('gid', 'in', [...gids])
    .where('available', '=', false)
    .execute();
  const soldOut = new Set(rows.map((r) => r.gid));
  return gids.filter((gid) => soldOut.has(gid));
}

/** SQL for a look row aliased `l`: how many of its items are sold out (catalog rows with available = false). */
export const lookSoldOutItemCount = sql<number>`(
  select count(*)::int from jsonb_array_elements(l.related_items) as item
  join catalog_products c on c.shop_id = l.shop_id and c.gid = item->>'itemId'
  where c.available = false)`;

/**
 * GET /productLooks/soldOut: the shop's looks with sold-out items, active looks first, then newest.
 * An item counts with `alternative` when its alternative product is sold (active) and available.
 */
export async function soldOutLooks(db: Db, shopId: number): Promise<SoldOutLooksResponse> {
  const rows = await db
    .selectFrom('productLooks as l')
    .select(['l.id', 'l.title', 'l.active', 'l.relatedItems'])
    .where('l.shopId', '=', shopId)
    .where(sql<boolean>`${lookSoldOutItemCount} > 0`)
    .orderBy('l.active', 'desc')
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id', 'desc')
    .limit(SOLD_OUT_LOOKS_MAX)
    .execute();
  const gids = [
    ...new Set(rows.flatMap((r) => (r.relatedItems ?? []).flatMap((i) => [i.itemId, i.alternative?.itemId ?? '']))),
  ].filter(Boolean);
  const catalog = gids.length
    ? await db
        .selectFrom('catalogProducts')
        .select(['gid', 'title', 'status', 'available'])
        .where('shopId', '=', shopId)
        .where('gid', 'in', gids)
        .execute()
    : [];
  const byGid = new Map(catalog.map((c) => [c.gid, c]));
  return {
    looks: rows.map((r) => ({
      id: r.id,
      title: r.title,
      active: r.active,
      items: [...(r.relatedItems ?? [])]
        .sort((a, b) => a.order - b.order)
        .filter((i) => byGid.get(i.itemId)?.available === false)
        .map((i) => {
          const alternative = i.alternative ? byGid.get(i.alternative.itemId) : undefined;
          return {
            productId: i.itemId,
            title: byGid.get(i.itemId)?.title ?? i.title,
            alternative: !!alternative && alternative.available && alternative.status === 'active',
          };
        }),
    })),
  };
}
