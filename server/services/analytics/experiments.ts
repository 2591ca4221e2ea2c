import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../http/errors';
import {
  CONTROL_NAME,
  type Experiment,
  type ExperimentCreateInput,
  type ExperimentUpdateInput,
} from '../../../src/contracts/experiments';
import type { LookMainProduct, LookMedia } from '../../../src/contracts/looks';
import { recordChange } from '../changes/outbox';
import { invalidateLooksList } from '../looks/looks';
import { summarizeExperiment, type VariantRow } from './experimentResults';
import { sendAbTestDecided } from '../flow/flowEvents';

const lookNotFound = () => notFound('Experiments.errors.lookNotFound');
const experimentNotFound = () => notFound('Experiments.errors.notFound');
const unknownImage = () => new HttpError(400, 'Experiments.errors.unknownImage', 'unknown_image');

/** The images a variant may show: the look's own (main product images, uploads, generated). */
function lookImages(mainProduct: LookMainProduct, media: LookMedia[]): Set<string> {
  return new Set(
    [
      mainProduct.image,
      mainProduct.selectedMainImage ?? '',
      ...(mainProduct.productImages ?? []),
      ...(media ?? []).map((m) => m.url),
    ].filter(Boolean),
  );
}

async function findLook(db: Db, shopId: number, lookId: number) {
  const look = await db
    .selectFrom('productLooks')
    .select(['id', 'mainProduct', 'media'])
    .where('shopId', '=', shopId)
    .where('id', '=', lookId)
    .executeTakeFirst();
  if (!look) throw lookNotFound();
  return look;
}

/** The experiment's look shows other variants on the storefront: recorded in the outbox, in `trx`. */
async function experimentChanged(
  db: Db,
  trx: Transaction<Database>,
  shopId: number,
  experimentId: number,
  lookId: number,
): Promise<void> {
  const look = await trx
    .selectFrom('productLooks')
    .select('mainProduct')
    .where('shopId', '=', shopId)
    .where('id', '=', lookId)
    .executeTakeFirst();
  if (look)
    await recordChange(
      db,
      shopId,
      {
        kind: 'experimentChanged',
        before: null,
        after: { experimentId, lookId, mainProduct: look.mainProduct.itemId },
      },
      trx,
    );
}

async function findExperiment(db: Db, shopId: number, id: number) {
  const row = await db
    .selectFrom('experiments')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw experimentNotFound();
  return row;
}

/** GET /experiments: the shop's experiments (of one look when asked), newest first, with their results. */
export async function listExperiments(db: Db, shopId: number, lookId?: number): Promise<Experiment[]> {
  let q = db
    .selectFrom('experiments as e')
    .innerJoin('productLooks as l', 'l.id', 'e.lookId')
    .select([
      'e.id',
      'e.lookId',
      'l.title as lookTitle',
      'l.active as lookActive',
      'e.status',
      'e.createdAt',
      'e.startedAt',
      'e.stoppedAt',
      'e.appliedVariantId',
    ])
    .where('e.shopId', '=', shopId);
  if (lookId !== undefined) q = q.where('e.lookId', '=', lookId);
  const rows = await q.orderBy('e.id', 'desc').execute();
  if (!rows.length) return [];
  const variants = await db
    .selectFrom('experimentVariants as v')
    .leftJoin(
      db
        .selectFrom('experimentVariantDaily')
        .select([
          'variantId',
          sql<string>`sum(impressions)`.as('impressions'),
          sql<string>`sum(conversions)`.as('conversions'),
        ])
        .groupBy('variantId')
        .as('d'),
      'd.variantId',
      'v.id',
    )
    .select([
      'v.id',
      'v.experimentId',
      'v.name',
      'v.isControl',
      'v.split',
      'v.imageUrl',
      'v.template',
      'd.impressions',
      'd.conversions',
    ])
    .where(
      'v.experimentId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('v.experimentId')
    .orderBy('v.position')
    .execute();
  const byExperiment = new Map<number, VariantRow[]>();
  for (const v of variants) byExperiment.set(v.experimentId, [...(byExperiment.get(v.experimentId) ?? []), v]);
  return rows.map((r) => summarizeExperiment(r, byExperiment.get(r.id) ?? []));
}

async function getExperiment(db: Db, shopId: number, id: number): Promise<Experiment> {
  const row = await findExperiment(db, shopId, id);
  const found = (await listExperiments(db, shopId, row.lookId)).find((e) => e.id === id);
  if (!found) throw experimentNotFound();
  return found;
}

/** POST /experiments: a draft with the control (the look as it is, 100 − split %) and variant B (split %). */
export async function createExperiment(db: Db, shopId: number, input: ExperimentCreateInput): Promise<Experiment> {
  const look = await findLook(db, shopId, input.lookId);
  if (input.variant.imageUrl !== null && !lookImages(look.mainProduct, look.media).has(input.variant.imageUrl))
    throw unknownImage();
  const id = await db.transaction().execute(async (trx) => {
    const e = await trx
      .insertInto('experiments')
      .values({ shopId, lookId: look.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('experimentVariants')
      .values([
        {
          experimentId: e.id,
          position: 0,
          name: CONTROL_NAME,
          isControl: true,
          split: 100 - input.split,
          imageUrl: null,
          template: null,
        },
        {
          experimentId: e.id,
          position: 1,
          name: input.variant.name.trim(),
          isControl: false,
          split: input.split,
          imageUrl: input.variant.imageUrl,
          template: input.variant.template,
        },
      ])
      .execute();
    return e.id;
  });
  return getExperiment(db, shopId, id);
}

/** PATCH /experiments/:id: split and variant while draft; start (draft → running, one running test per look); stop. */
export async function updateExperiment(
  db: Db,
  shopId: number,
  id: number,
  input: ExperimentUpdateInput,
  now: Date,
): Promise<Experiment> {
  const experiment = await findExperiment(db, shopId, id);
  if ((input.split !== undefined || input.variant !== undefined) && experiment.status !== 'draft')
    throw conflict('Experiments.errors.notDraft', 'not_draft');
  if (input.status === 'running' && experiment.status !== 'draft')
    throw conflict('Experiments.errors.cannotStart', 'invalid_transition');
  if (input.status === 'stopped' && experiment.status === 'stopped')
    throw conflict('Experiments.errors.alreadyStopped', 'invalid_transition');
  if (input.variant && input.variant.imageUrl !== null) {
    const look = await findLook(db, shopId, experiment.lookId);
    if (!lookImages(look.mainProduct, look.media).has(input.variant.imageUrl)) throw unknownImage();
  }
  if (input.status === 'running') {
    const running = await db
      .selectFrom('experiments')
      .select('id')
      .where('lookId', '=', experiment.lookId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (running) throw conflict('Experiments.errors.alreadyRunning', 'already_running');
  }
  try {
    await db.transaction().execute(async (trx) => {
      if (input.split !== undefined) {
        await trx
          .updateTable('experimentVariants')
          .set({ split: input.split })
          .where('experimentId', '=', id)
          .where('isControl', '=', false)
          .execute();
        await trx
          .updateTable('experimentVariants')
          .set({ split: 100 - input.split })
          .where('experimentId', '=', id)
          .where('isControl', '=', true)
          .execute();
      }
      if (input.variant) {
        await trx
          .updateTable('experimentVariants')
          .set({ name: input.variant.name.trim(), imageUrl: input.variant.imageUrl, template: input.variant.template })
          .where('experimentId', '=', id)
          .where('isControl', '=', false)
          .execute();
      }
      if (input.status === 'running')
        await trx.updateTable('experiments').set({ status: 'running', startedAt: now }).where('id', '=', id).execute();
      if (input.status === 'stopped')
        await trx.updateTable('experiments').set({ status: 'stopped', stoppedAt: now }).where('id', '=', id).execute();
      // Started or stopped: the storefront shows (or stops showing) the variants from the look's metafields.
      if (input.status) await experimentChanged(db, trx, shopId, id, experiment.lookId);
    });
  } catch (error) {
    // Two starts at once: the unique index of running tests per look decides.
    if ((error as { code?: string })?.code === '23505')
      throw conflict('Experiments.errors.alreadyRunning', 'already_running');
    throw error;
  }
  return getExperiment(db, shopId, id);
}

/**
 * POST /experiments/:id/apply: makes a variant the look's (its image becomes the look's main image,
 * its template the look's layout template) and stops the experiment. Applying the control keeps the look.
 */
export async function applyExperimentVariant(
  db: Db,
  shopId: number,
  id: number,
  variantId: number,
  now: Date,
): Promise<Experiment> {
  const experiment = await findExperiment(db, shopId, id);
  if (experiment.status === 'draft') throw conflict('Experiments.errors.notStarted', 'not_started');
  if (experiment.appliedVariantId !== null) throw conflict('Experiments.errors.alreadyApplied', 'already_applied');
  const variant = await db
    .selectFrom('experimentVariants')
    .selectAll()
    .where('experimentId', '=', id)
    .where('id', '=', variantId)
    .executeTakeFirst();
  if (!variant) throw notFound('Experiments.errors.variantNotFound');
  const look = await findLook(db, shopId, experiment.lookId);
  // The winner's figures as the test ended (Shopify Flow's "Look A/B test decided").
  const decided = await getExperiment(db, shopId, id);
  const winner = decided.variants.find((v) => v.id === variant.id);
  await db.transaction().execute(async (trx) => {
    if (variant.imageUrl !== null || variant.template !== null) {
      const mainProduct =
        variant.imageUrl !== null ? { ...look.mainProduct, selectedMainImage: variant.imageUrl } : look.mainProduct;
      await trx
        .updateTable('productLooks')
        .set({
          mainProduct: JSON.stringify(mainProduct),
          ...(variant.template !== null ? { layoutTemplate: variant.template } : {}),
          updatedAt: now,
        })
        .where('id', '=', look.id)
        .where('shopId', '=', shopId)
        .execute();
    }
    await trx
      .updateTable('experiments')
      .set({ status: 'stopped', stoppedAt: sql`coalesce(stopped_at, ${now})`, appliedVariantId: variant.id })
      .where('id', '=', id)
      .execute();
    await sendAbTestDecided(
      db,
      shopId,
      {
        experimentId: id,
        lookId: look.id,
        lookTitle: decided.lookTitle,
        winningVariant: variant.name,
        winnerIsControl: winner?.isControl ?? false,
        winningConversionRate: (winner?.conversionRate ?? 0) * 100,
      },
      trx,
    );
    await experimentChanged(db, trx, shopId, id, look.id);
  });
  await invalidateLooksList(db, shopId);
  return getExperiment(db, shopId, id);
}
