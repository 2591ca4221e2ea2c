import { sql } from 'kysely';
import type { Db } from '../../db';
import type { WebhookDeliveryStatus } from '../../db/tables/webhooks';

/** Tries of one delivery before it is left for an operator (status `dead`, payload kept). */
export const MAX_ATTEMPTS = 8;
/** A claim older than this is taken over (the instance that held it died mid-work). */
export const STALE_CLAIM_MINUTES = 10;
/** Wait before the first retry of a failed delivery by the sweep (doubles per try). */
export const RETRY_BACKOFF_SECONDS = 30;
/** Finished deliveries are kept this long for de-duplication (the platform retries for hours). */
export const KEEP_FINISHED_DAYS = 30;

export interface DeliveryHeaders {
  topic: string;
  eventId?: string;
  webhookId?: string;
  apiVersion?: string;
  triggeredAt?: string;
}

export interface RecordedDelivery {
  id: number;
  duplicate: boolean;
  /** True when the stored delivery still needs work (new, or an earlier try failed). */
  unfinished: boolean;
}

const header = (value: string | undefined) => (value && value.trim() ? value.trim().slice(0, 255) : null);

/**
 * Records a verified delivery BEFORE any work, once: a second delivery with the
 * same event id (same topic) or the same webhook id is a duplicate.
 */
export async function recordDelivery(db: Db, shopId: number, h: DeliveryHeaders, payload: string): Promise<RecordedDelivery> {
  const eventId = header(h.eventId);
  const webhookId = header(h.webhookId);
  const inserted = await db
    .insertInto('webhookDeliveries')
    .values({
      shopId,
      topic: h.topic,
      eventId,
      webhookId,
      apiVersion: header(h.apiVersion),
      triggeredAt: header(h.triggeredAt),
      payload,
      status: 'pending',
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id), duplicate: false, unfinished: true };
  const existing = await db
    .selectFrom('webhookDeliveries')
    .select(['id', 'status'])
    .where('shopId', '=', shopId)
    .where((eb) =>
      eb.or([
        ...(eventId ? [eb.and([eb('topic', '=', h.topic), eb('eventId', '=', eventId)])] : []),
        ...(webhookId ? [eb('webhookId', '=', webhookId)] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { id: Number(existing.id), duplicate: true, unfinished: existing.status === 'pending' || existing.status === 'failed' };
}

export interface ClaimedDelivery {
  id: number;
  shopId: number;
  topic: string;
  eventId: string | null;
  webhookId: string | null;
  payload: string | null;
  attempts: number;
}

/** Takes a delivery for processing, atomically: two instances never work on the same one. */
export async function claimDelivery(db: Db, id: number): Promise<ClaimedDelivery | undefined> {
  const row = await db
    .updateTable('webhookDeliveries')
    .set({ status: 'processing', claimedAt: sql`now()`, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'failed']),
        eb.and([eb('status', '=', 'processing'), eb('claimedAt', '<', sql<Date>`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`)]),
      ]),
    )
    .where('attempts', '<', MAX_ATTEMPTS)
    .returning(['id', 'shopId', 'topic', 'eventId', 'webhookId', 'payload', 'attempts'])
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

/** Done: the payload is dropped (it may hold customer data); the ids stay for de-duplication. */
export async function completeDelivery(db: Db, id: number): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({ status: 'processed', payload: null, lastError: null, processedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** A failed try: retried on a later delivery, or left `dead` (payload kept) after MAX_ATTEMPTS. */
export async function failDelivery(db: Db, id: number, error: string, attempts: number): Promise<WebhookDeliveryStatus> {
  const status: WebhookDeliveryStatus = attempts >= MAX_ATTEMPTS ? 'dead' : 'failed';
  await db.updateTable('webhookDeliveries').set({ status, lastError: error.slice(0, 2000) }).where('id', '=', id).execute();
  return status;
}

/**
 * Deliveries that still need work, oldest first: never started, abandoned by a
 * dead instance, or failed and past their back-off (30 s, doubling per try, so
 * a database outage of up to an hour is survived).
 */
export async function unfinishedDeliveryIds(db: Db, limit = 20, except?: number): Promise<number[]> {
  const rows = await db
    .selectFrom('webhookDeliveries')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'failed'), eb('claimedAt', '<', sql<Date>`now() - make_interval(secs => ${RETRY_BACKOFF_SECONDS} * power(2, attempts - 1))`)]),
        eb.and([eb('status', '=', 'processing'), eb('claimedAt', '<', sql<Date>`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`)]),
      ]),
    )
    .where('attempts', '<', MAX_ATTEMPTS)
    .$if(except !== undefined, (q) => q.where('id', '!=', except!))
    .orderBy('receivedAt')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Forgets finished deliveries past the de-duplication window. */
export async function pruneDeliveries(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('webhookDeliveries')
    .where('status', '=', 'processed')
    .where('receivedAt', '<', sql<Date>`now() - make_interval(days => ${KEEP_FINISHED_DAYS})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
