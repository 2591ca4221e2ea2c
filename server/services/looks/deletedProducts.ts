import { sql } from 'kysely';
import type { Db } from '../../db';
import type { LookFormValues } from '../../../src/contracts/looks';

/** The products a look shows: its main product and its related items. */
export const lookProductGids = (look: Pick<LookFormValues, 'mainProduct' | 'relatedItems'>): string[] =>
  [...new Set([look.mainProduct?.itemId, ...(look.relatedItems ?? []).map((r) => r.itemId)])].filter(
    (gid): gid is string => !!gid,
  );

/** Which of these products the platform deleted (products/delete webhook). */
export async function deletedProductGids(db: Db, shopId: number, gids: string[]): Promise<string[]> {
  if (!gids.length) return [];
  const rows = await db
    .selectFrom('deletedProducts')
    .select('gid')
    .where('shopId', '=', shopId)
    .where('gid', 'in', gids)
    .execute();
  const deleted = new Set(rows.map((r) => r.gid));
  return gids.filter((gid) => deleted.has(gid));
}

/**
 * SQL for a look row aliased `l`: true when its main product or a related
 * item's product was deleted on the platform.
 */
export const lookHasDeletedProduct = sql<boolean>`exists (
  select 1 from deleted_products d
  where d.shop_id = l.shop_id
    and (d.gid = l.main_product->>'itemId'
      or d.gid in (select item->>'itemId' from jsonb_array_elements(l.related_items) as item)))`;
