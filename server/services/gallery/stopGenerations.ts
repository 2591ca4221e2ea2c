import type { Db } from '../../db';
import { creditOnce } from './credits';
import { recordEvent } from './generations';

export const STOPPED_ON_UNINSTALL = 'The app was uninstalled; the credit was refunded';

/**
 * Stops the shop's started generations (app/uninstalled): queued and running jobs fail with their
 * credit refunded (once per run), so no worker picks them up or finishes them (a running job's
 * worker no longer owns it). Generations never started cost nothing and stay as they are.
 */
export async function stopShopGenerations(
  db: Db,
  shopId: number,
  now: Date,
  message = STOPPED_ON_UNINSTALL,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('imageGenerations')
      .set({ status: 'FAILED', errorMessage: message, completedAt: now, updatedAt: now })
      .where('shopId', '=', shopId)
      .where('status', 'in', ['IN_QUEUE', 'IN_PROGRESS'])
      .returningAll()
      .execute();
    for (const row of rows) {
      await creditOnce(trx, shopId, 1, 'refund', `${row.id}:${row.run}`);
      await recordEvent(trx, row);
    }
    return rows.length;
  });
}
