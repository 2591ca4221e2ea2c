import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Change, ChangeReader } from './outbox';

/** A change as a reader gets it; `ageMs` by the database's clock (instances' clocks may differ). */
export type RecordedChange = Change & { id: number; createdAt: Date; ageMs: number };

/** The changes after the reader's place in their shop (`c`, with the reader's place `r`). */
const unread = (db: Db, reader: ChangeReader) =>
  db
    .selectFrom('changes as c')
    .leftJoin('changeReaders as r', (join) => join.on('r.reader', '=', reader).onRef('r.shopId', '=', 'c.shopId'))
    .where((eb) => eb('c.id', '>', eb.fn.coalesce('r.changeId', sql<number>`0`)));

/** The shop's changes after the reader's place, oldest first (at most `limit`). */
export async function unreadChanges(
  db: Db,
  reader: ChangeReader,
  shopId: number,
  limit = 500,
): Promise<RecordedChange[]> {
  const rows = await unread(db, reader)
    .select([
      'c.id',
      'c.kind',
      'c.before',
      'c.after',
      'c.createdAt',
      sql<number>`extract(epoch from now() - c.created_at) * 1000`.as('ageMs'),
    ])
    .where('c.shopId', '=', shopId)
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), ageMs: Number(r.ageMs) }) as RecordedChange);
}

/** Moves the reader's place forward to `changeId` (never back). */
export async function markRead(db: Db, reader: ChangeReader, shopId: number, changeId: number): Promise<void> {
  await db
    .insertInto('changeReaders')
    .values({ reader, shopId, changeId })
    .onConflict((oc) =>
      oc.columns(['reader', 'shopId']).doUpdateSet({
        changeId: sql<number>`greatest(change_readers.change_id, excluded.change_id)`,
        readAt: sql<Date>`now()`,
      }),
    )
    .execute();
}

/** Shops with changes the reader has not read for `olderThanSeconds` (the upkeep queues their job again). */
export async function shopsBehind(
  db: Db,
  reader: ChangeReader,
  olderThanSeconds: number,
  limit = 500,
): Promise<number[]> {
  const rows = await unread(db, reader)
    .select('c.shopId')
    .distinct()
    .where('c.createdAt', '<', sql<Date>`now() - ${olderThanSeconds} * interval '1 second'`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.shopId);
}

/**
 * Prunes the outbox: changes every reader has read once they are `readAfterSeconds` old, and any
 * change after `keepDays` (a shop whose reader stays behind that long is written anew by its next
 * install or catalog sync). `readers`: those this deployment runs (none in the standalone demo).
 */
export async function pruneChanges(
  db: Db,
  readers: readonly ChangeReader[],
  options: { readAfterSeconds: number; keepDays: number },
): Promise<number> {
  const old = await db
    .deleteFrom('changes')
    .where('createdAt', '<', sql<Date>`now() - ${options.keepDays} * interval '1 day'`)
    .executeTakeFirst();
  let read = 0n;
  if (readers.length) {
    const result = await db
      .deleteFrom('changes as c')
      .where('c.createdAt', '<', sql<Date>`now() - ${options.readAfterSeconds} * interval '1 second'`)
      .where((eb) =>
        eb.and(
          readers.map((reader) =>
            eb.exists(
              eb
                .selectFrom('changeReaders as r')
                .select('r.shopId')
                .where('r.reader', '=', reader)
                .whereRef('r.shopId', '=', 'c.shopId')
                .whereRef('r.changeId', '>=', 'c.id'),
            ),
          ),
        ),
      )
      .executeTakeFirst();
    read = result.numDeletedRows;
  }
  return Number(old.numDeletedRows + read);
}
