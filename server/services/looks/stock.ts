import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { ProductLooksTable } from '../../db/tables/looks';
import type { LookRelatedItem } from '../../../src/contracts/looks';
import { recordChange } from '../changes/outbox';
import { invalidateLooksList } from './looks';

type LookRow = Selectable<ProductLooksTable>;

/** The shop, look and item of a sold-out event: what a Shopify Flow trigger ("Look item sold out") sends. */
export interface LookItemSoldOut {
  shop: { id: number; domain: string };
  look: { id: number; title: string };
  item: LookRelatedItem;
  /** The transaction of the stock change: what a listener queues goes in it (commits with the change or not at all). */
  trx: Transaction<Database>;
}

/** Hears items of active looks sell out (e.g. the Flow trigger, which sends `flowTriggerReceive`). */
export type LookItemSoldOutListener = (event: LookItemSoldOut) => Promise<void> | void;

const listeners = new WeakMap<Db, Set<LookItemSoldOutListener>>();

/**
 * Registers a listener of this database's sold-out events (per database, so two apps in one process, as
 * in tests, do not hear each other); returns the unregister function. Services never import the
 * platform: the platform side (a Flow trigger) registers here.
 */
export function listenToLookItemSoldOut(db: Db, listener: LookItemSoldOutListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

/**
 * The hook point where an item of an active look becomes sold out: called once per look and item when
 * the item's product goes from available to sold out (the catalog's conditional stock update lets one
 * writer see each change), inside the stock change's transaction (`event.trx`). Every listener is
 * called, one after the other, each behind a savepoint: one that fails (even in SQL) is rolled back
 * alone and does not keep the others from hearing it, nor the catalog write from finishing (its error
 * is handed back for logging). Kysely offers savepoints only on its controlled transactions, hence
 * the SQL here.
 */
export async function onLookItemSoldOut(db: Db, event: LookItemSoldOut): Promise<unknown[]> {
  const set = listeners.get(db);
  if (!set?.size) return [];
  const failed: unknown[] = [];
  for (const listener of [...set]) {
    await sql`savepoint look_item_sold_out`.execute(event.trx);
    try {
      await listener(event);
      await sql`release savepoint look_item_sold_out`.execute(event.trx);
    } catch (error) {
      await sql`rollback to savepoint look_item_sold_out`.execute(event.trx);
      failed.push(error);
    }
  }
  return failed;
}

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
 * Products whose stock changed (sold out, or back in stock): the sold-out hook for every item of an
 * active look that sold out, a `stockChanged` change in the outbox when an active look shows them (its
 * readers write the storefront metafields of those looks again and sync the bundle discount's sold-out
 * products), and the looks list (its sold-out marks) refreshed.
 *
 * Inside `trx` (the transaction that wrote the stock; without one, a transaction of its own): the
 * hook's work and the change commit with the stock or not at all. The change is recorded last (the
 * outbox's rule: no row lock after it), so call this at the end of the writer's transaction. The
 * looks list is refreshed after the commit: by the caller that passes `trx` (its cache must not be
 * refilled from before the commit, and on PGlite the one connection is the transaction's until then).
 */
export async function lookStockChanged(
  db: Db,
  shopId: number,
  change: { soldOut: readonly string[]; restocked: readonly string[] },
  trx?: Transaction<Database>,
): Promise<void> {
  const gids = [...change.soldOut, ...change.restocked];
  if (!gids.length) return;
  if (!trx) {
    await db.transaction().execute((own) => lookStockChanged(db, shopId, change, own));
    await invalidateLooksList(db, shopId);
    return;
  }
  const looks = await looksShowing(trx, shopId, gids);
  if (change.soldOut.length && looks.length) {
    const shop = await trx.selectFrom('shops').select(['id', 'domain']).where('id', '=', shopId).executeTakeFirst();
    const soldOut = new Set(change.soldOut);
    for (const look of shop ? looks : []) {
      for (const item of look.relatedItems ?? []) {
        if (soldOut.has(item.itemId))
          await onLookItemSoldOut(db, { shop: shop!, look: { id: look.id, title: look.title }, item, trx });
      }
    }
  }
  if (looks.length)
    await recordChange(
      db,
      shopId,
      { kind: 'stockChanged', before: null, after: { soldOut: [...change.soldOut], restocked: [...change.restocked] } },
      trx,
    );
}
