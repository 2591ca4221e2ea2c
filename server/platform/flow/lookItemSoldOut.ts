import type { Db } from '../../db';
import type { Config } from '../../config';
import { markRead, unreadChanges } from '../../services/changes/reader';
import { sendLookItemSoldOut } from '../../services/flow/flowEvents';

/** The "Look item sold out" Flow trigger's name as a reader of the change outbox, and its job queue. */
export const LOOK_ITEM_SOLD_OUT_QUEUE = 'flow.lookItemSoldOut';

/** Changes read per transaction. */
const BATCH = 500;

/**
 * One run of the shop's `flow.lookItemSoldOut` job: reads its unread changes and, for each look item a
 * `lookItemsSoldOut` change names, queues the "Look item sold out" trigger (`flow.trigger`; nothing for
 * a shop without a workflow using it), in the transaction that moves its place past those changes:
 * each trigger is queued once, whether the job runs at once or long after the stock write (an
 * instance that died in between). Resolves how many triggers were queued.
 */
export async function queueSoldOutTriggers(
  db: Db,
  config: Pick<Config, 'appMode' | 'appUrl' | 'shopifyApp'>,
  shopId: number,
): Promise<number> {
  let queued = 0;
  for (;;) {
    const changes = await unreadChanges(db, LOOK_ITEM_SOLD_OUT_QUEUE, shopId, BATCH);
    if (!changes.length) return queued;
    await db.transaction().execute(async (trx) => {
      for (const change of changes) {
        if (change.kind !== 'lookItemsSoldOut') continue;
        for (const item of change.after.items)
          if (await sendLookItemSoldOut(db, config, shopId, item, trx)) queued += 1;
      }
      await markRead(trx, LOOK_ITEM_SOLD_OUT_QUEUE, shopId, changes[changes.length - 1].id);
    });
    if (changes.length < BATCH) return queued;
  }
}
