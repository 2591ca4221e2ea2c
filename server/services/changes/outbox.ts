import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { jobsFor } from '../../jobs';
import type { LookDiscount } from '../../../src/contracts/looks';
import type { ShopSettings } from '../../../src/contracts/shop';
import type { BoosterValues } from '../../../src/contracts/booster';
import type { LayoutSettings } from '../../../src/contracts/layout';

/** What a look was or is, as far as anything outside the app follows it. */
export interface LookState {
  id: number;
  active: boolean;
  /** The main product's gid. */
  mainProduct: string;
  discount: LookDiscount | null;
}

/**
 * Every change a platform sync may have to follow, with the state before and after (null: none).
 * Services record what changed and nothing else; each reader decides from it what to do.
 */
export type Change =
  | { kind: 'lookChanged'; before: LookState | null; after: LookState | null }
  | { kind: 'layoutChanged'; before: LayoutSettings | null; after: LayoutSettings }
  | { kind: 'settingsChanged'; before: ShopSettings; after: ShopSettings }
  | { kind: 'boosterChanged'; before: BoosterValues | null; after: BoosterValues }
  | { kind: 'proxyPathChanged'; before: string | null; after: string }
  /** An experiment started, stopped or applied: the look's storefront shows another variant. */
  | { kind: 'experimentChanged'; before: null; after: { experimentId: number; lookId: number; mainProduct: string } }
  /** Catalog products the platform changed or deleted (webhooks, the reconciliation). */
  | { kind: 'catalogProductsChanged'; before: null; after: { gids: string[] } }
  /** Catalog products that sold out (every variant unavailable) or came back in stock. */
  | { kind: 'stockChanged'; before: null; after: { soldOut: string[]; restocked: string[] } }
  /** Items of active looks whose product sold out (one per look and item; the Flow trigger "Look item sold out"). */
  | { kind: 'lookItemsSoldOut'; before: null; after: { items: Array<{ lookId: number; productGid: string }> } }
  /** A (re)install: everything the app keeps on the platform is written anew. */
  | { kind: 'shopInstalled'; before: null; after: null }
  /** A full catalog sync finished. */
  | { kind: 'catalogSynced'; before: null; after: { synced: number } }
  /** Storefront metafields left unwritten by the writer this outbox replaced (migration 0045). */
  | { kind: 'storefrontStale'; before: null; after: { targets: string[] } };

export type ChangeKind = Change['kind'];

/**
 * The readers of the outbox: job queues (server/jobs/queues.ts) whose worker reads a shop's new
 * changes and decides what to do. A reader that this instance runs (its worker is registered: the
 * shopify mode) gets a job with every change, created in the change's transaction.
 */
export const CHANGE_READERS = ['storefront.metafields', 'discount.sync', 'flow.lookItemSoldOut'] as const;
export type ChangeReader = (typeof CHANGE_READERS)[number];

/** Advisory lock class (pg_advisory_xact_lock(class, shop)) that orders a shop's changes. */
const CHANGES_LOCK_CLASS = 0x43_48_47; // "CHG"

/**
 * Records a change of the shop in the outbox, inside `trx` (the change's own transaction; without
 * one, in a transaction of its own), and queues each reader's job for the shop in the same
 * transaction: the change, the row and the jobs commit together or not at all.
 *
 * A shop's changes commit in the order of their ids: the transaction-scoped advisory lock taken
 * before the id is drawn is held until commit, so a later id of the shop cannot commit before an
 * earlier one and a reader's place (the last id it read) never skips a change. Call it last in the
 * transaction (no row lock taken after it), so two transactions never wait on each other's locks.
 */
export async function recordChange(db: Db, shopId: number, change: Change, trx?: Transaction<Database>): Promise<void> {
  if (!trx) return db.transaction().execute((own) => recordChange(db, shopId, change, own));
  await sql`select pg_advisory_xact_lock(${CHANGES_LOCK_CLASS}, ${shopId})`.execute(trx);
  await trx
    .insertInto('changes')
    .values({
      shopId,
      kind: change.kind,
      before: change.before === null ? null : JSON.stringify(change.before),
      after: change.after === null ? null : JSON.stringify(change.after),
    })
    .execute();
  const jobs = jobsFor(db);
  for (const reader of CHANGE_READERS) {
    if (jobs?.handles(reader)) await jobs.send(reader, { shopId }, { trx, shopId });
  }
}

/** A look's state for a change record. */
export const lookState = (look: {
  id: number;
  active: boolean;
  mainProduct: { itemId: string };
  discount?: LookDiscount | null;
}): LookState => ({
  id: look.id,
  active: look.active,
  mainProduct: look.mainProduct.itemId,
  discount: look.discount ?? null,
});
