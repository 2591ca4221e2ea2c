import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { WebhookDeliveryStatus } from '../../db/tables/webhooks';
import { QUEUES } from '../../jobs';

/**
 * Tries of one delivery before it is left for an operator (status `dead`, payload kept): the first
 * and the job engine's retries (queue `webhook.deliver`, exponential backoff from 30 s).
 */
export const MAX_ATTEMPTS = QUEUES['webhook.deliver'].retryLimit + 1;
/** A claim older than this is taken over: the job engine gives a job this long before it retries it. */
export const STALE_CLAIM_SECONDS = QUEUES['webhook.deliver'].expireSeconds;
/** Finished deliveries are kept this long for de-duplication (the platform retries for hours). */
export const KEEP_FINISHED_DAYS = 30;

/** Queues the work of a recorded delivery inside the transaction that records it. */
export type EnqueueDelivery = (trx: Transaction<Database>, delivery: { id: number; shopId: number }) => Promise<void>;

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
 * same event id (same topic) or the same webhook id is a duplicate. With `enqueue`,
 * its job is created in the same transaction: a recorded delivery always has its work queued.
 */
export async function recordDelivery(
  db: Db,
  shopId: number,
  h: DeliveryHeaders,
  payload: string,
  enqueue?: EnqueueDelivery,
): Promise<RecordedDelivery> {
  const eventId = header(h.eventId);
  const webhookId = header(h.webhookId);
  const inserted = await db.transaction().execute(async (trx) => {
    const row = await insertDelivery(trx, shopId, h, eventId, webhookId, payload);
    if (row && enqueue) await enqueue(trx, { id: Number(row.id), shopId });
    return row;
  });
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
  return {
    id: Number(existing.id),
    duplicate: true,
    unfinished: existing.status === 'pending' || existing.status === 'failed',
  };
}

function insertDelivery(
  trx: Transaction<Database>,
  shopId: number,
  h: DeliveryHeaders,
  eventId: string | null,
  webhookId: string | null,
  payload: string,
) {
  return trx
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

/** Takes a delivery for processing, atomically: two instances never work on the same one (a claim older than the job's expiry is taken over). */
export async function claimDelivery(db: Db, id: number): Promise<ClaimedDelivery | undefined> {
  const row = await db
    .updateTable('webhookDeliveries')
    .set({ status: 'processing', claimedAt: sql`now()`, attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'failed']),
        eb.and([
          eb('status', '=', 'processing'),
          eb('claimedAt', '<', sql<Date>`now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`),
        ]),
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

/** A failed try: retried by the job engine with backoff, or left `dead` (payload kept) after MAX_ATTEMPTS. */
export async function failDelivery(
  db: Db,
  id: number,
  error: string,
  attempts: number,
): Promise<WebhookDeliveryStatus> {
  const status: WebhookDeliveryStatus = attempts >= MAX_ATTEMPTS ? 'dead' : 'failed';
  await db
    .updateTable('webhookDeliveries')
    .set({ status, lastError: error.slice(0, 2000) })
    .where('id', '=', id)
    .execute();
  return status;
}

/**
 * Deliveries that still need work but have no job: recorded without one (the demo seed processes in
 * its own time; a failure there is left pending) or by a version of the app before the job engine.
 * `hasJob` answers whether the engine holds a job of the delivery.
 */
export async function orphanedDeliveries(
  db: Db,
  hasJob: (id: number) => Promise<boolean>,
  limit = 100,
): Promise<Array<{ id: number; shopId: number }>> {
  const rows = await db
    .selectFrom('webhookDeliveries')
    .select(['id', 'shopId'])
    .where('status', 'in', ['pending', 'failed', 'processing'])
    .where('attempts', '<', MAX_ATTEMPTS)
    .where('receivedAt', '<', sql<Date>`now() - interval '1 minute'`)
    .orderBy('receivedAt')
    .limit(limit)
    .execute();
  const orphans: Array<{ id: number; shopId: number }> = [];
  for (const row of rows) if (!(await hasJob(Number(row.id)))) orphans.push({ id: Number(row.id), shopId: row.shopId });
  return orphans;
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
