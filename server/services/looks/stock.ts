import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { ProductLooksTable } from '../../db/tables/looks';
import { recordChange } from '../changes/outbox';

type LookRow = Selectable<ProductLooksTable>;

/** The shop's active looks that show one of these products as an item or as an item's alternative. */
async function looksShowing(db: Transaction<Database>, shopId: number, gids: readonly string[]): Promise<LookRow[]> {
  if (!gids.length) return [];
  const list = sql.join(gids.map((g) => sql`${g}`));
  return db
    .selectFrom('productLooks')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('active', '=', true)
    .where(
      sql<boolean>`exists (select 1 from jsonb_array_elements(related_items) as item
        where item->>'itemId' in (${list}) or item->'alternative'->>'itemId' in (${list}))`,
    )
    .orderBy('id')
    .execute();
}

/**
 * Products whose stock changed (sold out, or back in stock), in the transaction of the stock write
 * (`trx`; `db` is the app's database, whose job engine queues the outbox's readers). When an active
 * look shows them, two changes of the outbox record it with the write (a crash after the commit
 * loses neither): `lookItemsSoldOut`, the looks and items that sold out (its reader queues the Flow
 * trigger "Look item sold out", platform/flow/lookItemSoldOut.ts), and `stockChanged` (its readers
 * write the storefront metafields of those looks again and sync the bundle discount's sold-out
 * products). The caller refreshes the looks list (its sold-out marks) after the commit (on PGlite a
 * query outside `trx` would wait for it).
 */
export async function lookStockChanged(
  db: Db,
  shopId: number,
  change: { soldOut: readonly string[]; restocked: readonly string[] },
  trx: Transaction<Database>,
): Promise<void> {
  const gids = [...change.soldOut, ...change.restocked];
  if (!gids.length) return;
  const looks = await looksShowing(trx, shopId, gids);
  const soldOut = new Set(change.soldOut);
  const items = looks.flatMap((look) =>
    (look.relatedItems ?? [])
      .filter((item) => soldOut.has(item.itemId))
      .map((item) => ({ lookId: look.id, productGid: item.itemId })),
  );
  if (items.length) await recordChange(db, shopId, { kind: 'lookItemsSoldOut', before: null, after: { items } }, trx);
  if (looks.length)
    await recordChange(
      db,
      shopId,
      { kind: 'stockChanged', before: null, after: { soldOut: [...change.soldOut], restocked: [...change.restocked] } },
      trx,
    );
}
