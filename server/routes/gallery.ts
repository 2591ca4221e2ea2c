import { filesDir } from '../config';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { createGenerationSchema, updateGenerationSchema } from '../../src/contracts/gallery';
import { parse } from '../http/validate';
import { translate } from '../i18n';
import { createLocalGenerator, type ImageGenerator } from '../services/gallery/generator';
import { createExternalGenerator } from '../services/gallery/generatorExternal';
import {
  createGeneration,
  findGeneration,
  GenerationBus,
  listGenerations,
  parseId,
  toGeneration,
  updateGenerationSettings,
} from '../services/gallery/generations';
import { streamGeneration } from '../services/gallery/generationsStream';
import { recoverJobs, WorkerPool } from '../services/gallery/jobs';
import { platformBillingFor } from '../services/billing/platformBilling';
import { claimFreeCredits, getCredits, listPackages, purchasePackage, verifyPurchase } from '../services/gallery/credits';

/** Knobs of the generation pipeline (AppDeps.gallery; tests pass a fake generator or short timeouts). */
export interface GalleryOptions {
  generator?: ImageGenerator;
  concurrency?: number;
  jobTimeoutMs?: number;
  pollMs?: number;
  streamTimeoutMs?: number;
  heartbeatMs?: number;
  /** Recover IN_PROGRESS jobs whose lease is older than this at start (0 = all: single-process server). */
  recoverStaleAfterMs?: number;
  /** Do not start the workers (tests that drive the queue by hand). */
  workers?: boolean;
}

/**
 * Image generations (+ SSE stream) and credits. The worker pool starts when
 * the app is ready and stops when it closes; unfinished jobs are recovered first.
 */
export default async function galleryRoutes(app: FastifyInstance) {
  const { db, config, now } = app.deps;
  const opts: GalleryOptions = app.deps.gallery ?? {};
  const bus = new GenerationBus();
  const generator =
    opts.generator ??
    (config.imageApiUrl
      ? createExternalGenerator({ url: config.imageApiUrl, apiKey: config.imageApiKey, appUrl: config.appUrl })
      : createLocalGenerator({ filesDir: filesDir(config), allowFailMarker: config.appMode === 'standalone', appUrl: config.appUrl }));
  const jobTimeoutMs = opts.jobTimeoutMs ?? 60000;
  const pool = new WorkerPool({
    db,
    bus,
    generator,
    filesDir: filesDir(config),
    now,
    concurrency: opts.concurrency ?? 2,
    jobTimeoutMs,
    pollMs: opts.pollMs ?? 2000,
    log: app.log,
  });
  let sweep: NodeJS.Timeout | null = null;
  const openStreams = new Set<() => void>();

  app.addHook('onReady', async () => {
    const at = now();
    await recoverJobs(db, bus, new Date(at.getTime() - (opts.recoverStaleAfterMs ?? 0)), at);
    if (opts.workers === false) return;
    pool.start();
    // Leases older than the job timeout belong to a dead worker (another process).
    sweep = setInterval(() => {
      const t = now();
      void recoverJobs(db, bus, new Date(t.getTime() - jobTimeoutMs * 2), t).catch((err) => app.log.error({ err }, 'recover failed'));
    }, Math.max(jobTimeoutMs, 10000));
    sweep.unref();
  });
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const finish of [...openStreams]) finish();
  });
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
    await pool.stop();
  });

  // --- image generations -------------------------------------------------
  app.get<{ Querystring: { imageType?: string; page?: string; limit?: string } }>(`${API_PREFIX}/image-generations`, async (req) =>
    listGenerations(db, req.shop.id, req.query),
  );

  app.post(`${API_PREFIX}/image-generation`, async (req, reply) => {
    const body = parse(createGenerationSchema, req.body, { stripUnknown: false });
    const imageGenerationId = await createGeneration(db, bus, req.shop, body, now());
    return reply.status(201).send({ imageGenerationId });
  });

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/image-generation/:id`, async (req) =>
    toGeneration(await findGeneration(db, req.shop.id, parseId(req.params.id))),
  );

  app.put<{ Params: { id: string } }>(`${API_PREFIX}/image-generation/:id`, async (req) => {
    const id = parseId(req.params.id);
    const body = parse(updateGenerationSchema, req.body);
    return updateGenerationSettings(db, bus, req.shop, id, body, now());
  });

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/image-generation/:id/stream`, { compress: false }, async (req, reply) =>
    streamGeneration(req, reply, parseId(req.params.id), {
      db,
      bus,
      now,
      heartbeatMs: opts.heartbeatMs ?? 15000,
      timeoutMs: opts.streamTimeoutMs ?? 180000,
      pollMs: opts.pollMs ?? 2000,
      open: openStreams,
    }),
  );

  // --- credits -----------------------------------------------------------
  app.get(`${API_PREFIX}/credits`, async (req) => getCredits(db, req.shop.id));

  app.get(`${API_PREFIX}/credits/packages`, async () => listPackages(db));

  // Credit purchases are one-time platform charges (the billing feature's client in shopify mode).
  const platform = config.appMode === 'shopify' ? platformBillingFor(config, db) : undefined;

  app.post<{ Params: { packageId: string } }>(`${API_PREFIX}/credits/purchase/:packageId`, async (req) =>
    purchasePackage(db, config, req.shop, Number(req.params.packageId), platform),
  );

  app.post<{ Params: { packageId: string; chargeId: string } }>(`${API_PREFIX}/credits/verify/:packageId/:chargeId`, async (req) =>
    verifyPurchase(db, config, req.shop, Number(req.params.packageId), req.params.chargeId, now(), platform),
  );

  app.post(`${API_PREFIX}/credits/claim-free`, async (req) => {
    const result = await claimFreeCredits(db, req.shop.id);
    return { ...result, message: translate(req.locale, result.message) };
  });
}
