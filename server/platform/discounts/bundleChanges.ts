import type { Db } from '../../db';
import { markRead, unreadChanges, type RecordedChange } from '../../services/changes/reader';
import type { BoosterValues } from '../../../src/contracts/booster';
import type { BundleDiscountSync } from './bundleDiscounts';

/** The bundle discount sync's name as a reader of the change outbox, and its job queue. */
export const BUNDLE_DISCOUNTS_QUEUE = 'discount.sync';

/** The booster fields the look bundles read (bundleConfig.ts: the booster's "app" bundle discount, its combinations). */
const BOOSTER_BUNDLE_FIELDS = [
  'discountType',
  'discountValue',
  'discountLabel',
  'bundleDiscountCombinesWith',
] as const satisfies ReadonlyArray<keyof BoosterValues>;

/** Whether a change may change the shop's look bundle discounts, decided from what it was before and after. */
export function bundlesMayChange(change: RecordedChange): boolean {
  switch (change.kind) {
    case 'lookChanged':
      // A look with a discount, and every active look (the booster's bundle discount covers them all).
      return [change.before, change.after].some((s) => s !== null && (s.active || !!s.discount?.enabled));
    case 'boosterChanged':
      return (
        !change.before ||
        BOOSTER_BUNDLE_FIELDS.some((f) => JSON.stringify(change.before?.[f]) !== JSON.stringify(change.after[f]))
      );
    case 'settingsChanged':
      // "Use look discounts" turns the looks' own bundle discounts on or off in the cart.
      return !!change.before.useProductLookDiscount !== !!change.after.useProductLookDiscount;
    case 'shopInstalled':
      // The platform may have dropped the discounts with the app.
      return true;
    case 'stockChanged':
      // A look's sold-out products (soldOutProductIds) or an alternative in its item's place.
      return change.after.soldOut.length + change.after.restocked.length > 0;
    default:
      return false;
  }
}

/** Changes read per run. */
const BATCH = 1000;

/**
 * One run of the shop's `discount.sync` job: reads its unread changes, syncs the bundles when one of
 * them calls for it (or `force`), then moves its place. A failed sync throws before the place moves,
 * so the retry reads the same changes.
 */
export async function syncBundlesFromChanges(
  db: Db,
  sync: Pick<BundleDiscountSync, 'reconcile'>,
  shopId: number,
  force = false,
): Promise<void> {
  let synced = false;
  for (;;) {
    const changes = await unreadChanges(db, BUNDLE_DISCOUNTS_QUEUE, shopId, BATCH);
    if (!synced && (force || changes.some(bundlesMayChange))) {
      await sync.reconcile(shopId);
      // The sync read the looks as they are now: it covers every change up to here, and this batch.
      synced = true;
    }
    if (!changes.length) return;
    await markRead(db, BUNDLE_DISCOUNTS_QUEUE, shopId, changes[changes.length - 1].id);
    if (changes.length < BATCH) return;
  }
}
