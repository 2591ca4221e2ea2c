import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { jobsFor } from '../../jobs';

/**
 * A change that may change a shop's look bundle discounts: a look with an enabled discount (before
 * or after the change) created, edited, activated, deactivated or deleted; the booster's bundle
 * discount or the shop's "use look discounts" setting changed; looks put to draft by a downgrade.
 *
 * Queues the shop's bundle discount sync as a durable job (queue `discount.sync`, one shop at a
 * time, retried with backoff): with `trx`, inside the change's own transaction, so the sync exists
 * exactly when the change commits and survives a crash. Where no instance syncs discounts (the
 * standalone demo: no worker registered) nothing is queued.
 */
export async function lookDiscountsChanged(db: Db, shopId: number, trx?: Transaction<Database>): Promise<void> {
  const jobs = jobsFor(db);
  if (!jobs?.handles('discount.sync')) return;
  await jobs.send('discount.sync', { shopId }, { trx, shopId });
}
