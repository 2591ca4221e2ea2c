import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { notifierFor, publish } from '../../db/notify';
import type { ImageGenerationsTable } from '../../db/tables/gallery';
import { conflict, forbidden, notFound } from '../../http/errors';
import { debitOne } from './credits';
import { queueRun } from './generationQueue';
import type { ShopRow } from '../shop/shops';
import {
  ACTIVE_STATUSES,
  GALLERY_PAGE_SIZE,
  IMAGE_TYPES,
  type GenerationStatus,
  type ImageGeneration,
  type ImageGenerationsPage,
  type ImageType,
  type StreamEventName,
  type StreamEventPayload,
} from '../../../src/contracts/gallery';
import type { CreateGenerationBody, UpdateGenerationBody } from '../../../src/contracts/gallery.schema';
import { paginationDetails } from '../../../src/contracts/api';

export type GenerationRow = Selectable<ImageGenerationsTable>;

/** What instances tell each other on the database's `sl_generations` channel. */
type BusMessage = { o: string; t: 'c'; id: number };

/**
 * Signals about generations: `generation:<id>` when a generation got a new
 * event (the SSE streams then read it from the database), `resync` when
 * signals from other instances may have been missed. (Workers are woken by
 * the job engine, see generationQueue.ts.)
 * Between listen() and close() every signal also goes to the other server
 * instances on the database (NOTIFY) and theirs come here.
 */
export class GenerationBus extends EventEmitter {
  /** This instance: its own messages come back through the database and are skipped. */
  readonly origin = randomUUID();
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly db?: Db,
    private readonly log?: { warn(obj: unknown, msg?: string): void },
  ) {
    super();
    this.setMaxListeners(0);
  }

  changed(generationId: number) {
    this.emit(`generation:${generationId}`);
    this.send({ o: this.origin, t: 'c', id: generationId });
  }

  /** Hears the other instances from now on (resolves once listening); a database without notifier has none. */
  async listen(): Promise<void> {
    const notifier = this.db && notifierFor(this.db);
    if (!notifier || this.unsubscribe) return;
    this.unsubscribe = await notifier.subscribe(
      'sl_generations',
      (message) => this.receive(message as BusMessage),
      () => this.emit('resync'),
    );
  }

  async close(): Promise<void> {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = null;
    await unsubscribe?.();
  }

  private receive(message: BusMessage) {
    if (!message || message.o === this.origin) return;
    if (message.t === 'c' && Number.isSafeInteger(message.id)) this.emit(`generation:${message.id}`);
  }

  private send(message: BusMessage) {
    if (!this.unsubscribe || !this.db) return;
    publish(this.db, 'sl_generations', message).catch((error: Error) =>
      this.log?.warn({ err: error }, 'generation signal not sent to other instances (they poll)'),
    );
  }
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function toGeneration(row: GenerationRow): ImageGeneration {
  return {
    id: row.id,
    productLook: { id: row.productLookId, title: row.lookTitle },
    imageType: row.imageType,
    customPrompt: row.customPrompt,
    status: row.status,
    generatedImageUrl: row.generatedImageUrl,
    errorMessage: row.errorMessage,
    createdAt: iso(row.createdAt)!,
    completedAt: iso(row.completedAt),
    title: row.lookTitle,
    ...(row.status === 'COMPLETED' && Array.isArray(row.itemPositions) ? { itemPositions: row.itemPositions } : {}),
  };
}

/** The event a status stands for on the stream. */
export function eventFor(status: GenerationStatus): StreamEventName {
  return status === 'COMPLETED' ? 'complete' : status === 'FAILED' ? 'error' : 'status';
}

export function payloadFor(
  row: Pick<GenerationRow, 'id' | 'status' | 'generatedImageUrl' | 'errorMessage'>,
): StreamEventPayload {
  const payload: StreamEventPayload = { generationId: row.id, status: row.status };
  if (row.status === 'COMPLETED') payload.generatedImageUrl = row.generatedImageUrl;
  if (row.status === 'FAILED') payload.message = row.errorMessage ?? 'Generation failed';
  return payload;
}

/** Records the row's current status as a stream event (call inside the transaction that changed it). */
export async function recordEvent(db: Db, row: GenerationRow): Promise<number> {
  const inserted = await db
    .insertInto('generationEvents')
    .values({
      generationId: row.id,
      shopId: row.shopId,
      event: eventFor(row.status),
      payload: JSON.stringify(payloadFor(row)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function parseId(value: unknown): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) throw notFound('Generation.errors.notFound');
  return id;
}

export async function findGeneration(db: Db, shopId: number, id: number): Promise<GenerationRow> {
  const row = await db
    .selectFrom('imageGenerations')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Generation.errors.notFound');
  return row;
}

export async function listGenerations(
  db: Db,
  shopId: number,
  query: { imageType?: unknown; page?: unknown; limit?: unknown; productLookId?: unknown },
): Promise<ImageGenerationsPage> {
  const imageType = (IMAGE_TYPES as readonly unknown[]).includes(query.imageType)
    ? (query.imageType as ImageType)
    : undefined;
  const lookId = Number(query.productLookId);
  const productLookId = Number.isSafeInteger(lookId) && lookId > 0 ? lookId : undefined;
  const page = Math.max(1, Math.floor(Number(query.page) || 1));
  const limit = Math.min(50, Math.max(1, Math.floor(Number(query.limit) || GALLERY_PAGE_SIZE)));
  const countRows = await db
    .selectFrom('imageGenerations')
    .select(['imageType', (eb) => eb.fn.countAll<number>().as('n')])
    .where('shopId', '=', shopId)
    .$if(productLookId !== undefined, (q) => q.where('productLookId', '=', productLookId!))
    .groupBy('imageType')
    .execute();
  const counts = { all: 0, flat_lay: 0, model: 0 };
  for (const r of countRows) {
    counts[r.imageType] = Number(r.n);
    counts.all += Number(r.n);
  }
  let q = db.selectFrom('imageGenerations').selectAll().where('shopId', '=', shopId);
  if (productLookId !== undefined) q = q.where('productLookId', '=', productLookId);
  if (imageType) q = q.where('imageType', '=', imageType);
  const rows = await q
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = imageType ? counts[imageType] : counts.all;
  return { data: rows.map(toGeneration), counts, paginationDetails: paginationDetails(page, limit, total) };
}

export function assertGenerationEnabled(shop: ShopRow) {
  if (!shop.aiImageGenerationEnabled || !shop.imageGalleryEnabled)
    throw forbidden('Generation.errors.disabled', 'generation_disabled');
}

/**
 * Queues a PENDING generation and debits one credit, atomically (the caller's
 * transaction, which also queues the run's job): returns false when it was not
 * PENDING, throws 402 without credit.
 */
export async function startGeneration(
  db: Db,
  trx: Transaction<Database>,
  shopId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('imageGenerations')
    .set((eb) => ({
      status: 'IN_QUEUE',
      run: eb('run', '+', 1),
      attempts: 0,
      queuedAt: now,
      startedAt: null,
      workerId: null,
      errorMessage: null,
      updatedAt: now,
    }))
    .where('shopId', '=', shopId)
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirst();
  if (!row) return false;
  await debitOne(trx, shopId, `${row.id}:${row.run}`);
  await recordEvent(trx, row);
  await queueRun(db, trx, { generationId: row.id, run: row.run, shopId });
  return true;
}

/** POST /image-generation: a generation for one of the shop's looks, started at once (1 credit). */
export async function createGeneration(
  db: Db,
  bus: GenerationBus,
  shop: ShopRow,
  body: CreateGenerationBody,
  now: Date,
): Promise<number> {
  assertGenerationEnabled(shop);
  const id = await db.transaction().execute(async (trx) => {
    const look = await trx
      .selectFrom('productLooks')
      .select(['id', 'title'])
      .where('shopId', '=', shop.id)
      .where('id', '=', body.productLookId)
      .executeTakeFirst();
    if (!look) throw notFound('Generation.errors.lookNotFound');
    const row = await trx
      .insertInto('imageGenerations')
      .values({
        shopId: shop.id,
        productLookId: look.id,
        lookTitle: look.title,
        imageType: body.imageType,
        customPrompt: body.customPrompt ?? null,
        generatedImageUrl: null,
        errorMessage: null,
        queuedAt: null,
        startedAt: null,
        completedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordEvent(trx, row);
    await startGeneration(db, trx, shop.id, row.id, now);
    return row.id;
  });
  bus.changed(id);
  return id;
}

/** PUT /image-generation/{id}: new settings; the generation goes back to PENDING (the stream starts it). */
export async function updateGenerationSettings(
  db: Db,
  bus: GenerationBus,
  shop: ShopRow,
  id: number,
  body: UpdateGenerationBody,
  now: Date,
): Promise<ImageGeneration> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await findGeneration(trx, shop.id, id);
    if (ACTIVE_STATUSES.includes(current.status)) throw conflict('Generation.errors.busy', 'generation_in_progress');
    const updated = await trx
      .updateTable('imageGenerations')
      .set({
        imageType: body.imageType,
        customPrompt: body.customPrompt ?? null,
        status: 'PENDING',
        errorMessage: null,
        updatedAt: now,
      })
      .where('shopId', '=', shop.id)
      .where('id', '=', id)
      .where('status', 'not in', [...ACTIVE_STATUSES])
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw conflict('Generation.errors.busy', 'generation_in_progress');
    await recordEvent(trx, updated);
    return updated;
  });
  bus.changed(id);
  return toGeneration(row);
}

/** Starts the generation if it is PENDING (opening the stream does this). 402 without credit. */
export async function ensureStarted(
  db: Db,
  bus: GenerationBus,
  shop: ShopRow,
  id: number,
  now: Date,
): Promise<boolean> {
  const started = await db.transaction().execute(async (trx) => {
    const row = await findGeneration(trx, shop.id, id);
    if (row.status !== 'PENDING') return false;
    assertGenerationEnabled(shop);
    return startGeneration(db, trx, shop.id, id, now);
  });
  if (started) bus.changed(id);
  return started;
}
