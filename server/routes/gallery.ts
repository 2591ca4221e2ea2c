import type { FastifyInstance } from 'fastify';
import { adminRoute } from '../http/adminRoute';
import { translate } from '../i18n';
import type { ImageGenerator } from '../services/gallery/generator';
import { createImageProvider } from '../services/gallery/providers';
import type { HotspotDetector } from '../services/gallery/providers/detection';
import {
  createGeneration,
  findGeneration,
  GenerationBus,
  listGenerations,
  toGeneration,
  updateGenerationSettings,
} from '../services/gallery/generations';
import { shopFilesOf, storageFor } from '../storage';
import { streamGeneration } from '../services/gallery/generationsStream';
import { adoptRuns, GENERATION_QUEUE } from '../services/gallery/generationQueue';
import { generationDeadLetterWorker, generationWorker } from '../services/gallery/generationWorker';
import { platformBillingFor } from '../services/billing/platformBilling';
import { requestOrigin } from '../services/billing/returnUrls';
import {
  claimFreeCredits,
  getCredits,
  listPackages,
  purchasePackage,
  verifyPurchase,
} from '../services/gallery/credits';

/** Knobs of the generation pipeline (AppDeps.gallery; tests pass a fake generator or short timeouts). */
export interface GalleryOptions {
  generator?: ImageGenerator;
  /** The hotspot finder (routes/hotspots.ts); null: none, as with the local composer. */
  detector?: HotspotDetector | null;
  jobTimeoutMs?: number;
  /** Safety poll of an open stream (other instances' events arrive through NOTIFY at once). */
  pollMs?: number;
  streamTimeoutMs?: number;
  heartbeatMs?: number;
  /** Do not run generation jobs on this instance (tests that drive the queue by hand). */
  workers?: boolean;
}

/**
 * Image generations (+ SSE stream) and credits. Each run of a generation is a job of the app's job
 * engine (queue `generation.run`): its worker and dead letter worker are registered here and run
 * from the engine's start to its stop (which hands running tries back to the cluster).
 */
export default async function galleryRoutes(app: FastifyInstance) {
  const { db, config, now } = app.deps;
  const opts: GalleryOptions = app.deps.gallery ?? {};
  // Signals reach every instance on the database (NOTIFY), not only this one.
  const bus = new GenerationBus(db, app.log);
  // IMAGE_PROVIDER: the local composer (default), OpenAI or Gemini; the same provider finds products in photos.
  const generator =
    opts.generator ??
    createImageProvider(config.imageProvider, {
      db,
      files: shopFilesOf(config),
      appUrl: config.appUrl,
      log: app.log,
      allowFailMarker: config.appMode === 'standalone',
    }).generator;
  const jobTimeoutMs = opts.jobTimeoutMs ?? Math.max(60000, generator.timeoutMs ?? 0);
  if (opts.workers !== false) {
    await app.jobs.work(
      GENERATION_QUEUE,
      generationWorker({ db, bus, generator, storage: storageFor(config), now, jobTimeoutMs, log: app.log }),
    );
    await app.jobs.workDead(GENERATION_QUEUE, generationDeadLetterWorker({ db, bus, now }));
  }
  const openStreams = new Set<() => void>();
  app.ops?.metrics.addSseSource(() => openStreams.size);

  app.addHook('onReady', async () => {
    await bus.listen();
    // Runs started without a job (the release before the job engine ran generations) get theirs.
    const adopted = await adoptRuns(db, app.jobs);
    if (adopted) app.log.info({ adopted }, 'generation runs without a job were queued');
  });
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const finish of [...openStreams]) finish();
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });

  // --- image generations -------------------------------------------------
  adminRoute(app, 'GET /image-generations', async (req) => listGenerations(db, req.shop.id, req.query));

  adminRoute(app, 'POST /image-generation', async (req, reply) => {
    const imageGenerationId = await createGeneration(db, bus, req.shop, req.body, now());
    return reply.status(201).send({ imageGenerationId });
  });

  adminRoute(app, 'GET /image-generation/:id', async (req) =>
    toGeneration(await findGeneration(db, req.shop.id, req.params.id)),
  );

  adminRoute(app, 'PUT /image-generation/:id', async (req) =>
    updateGenerationSettings(db, bus, req.shop, req.params.id, req.body, now()),
  );

  adminRoute(
    app,
    'GET /image-generation/:id/stream',
    async (req, reply) =>
      streamGeneration(req, reply, req.params.id, {
        db,
        bus,
        now,
        heartbeatMs: opts.heartbeatMs ?? 15000,
        timeoutMs: opts.streamTimeoutMs ?? 180000,
        pollMs: opts.pollMs ?? 2000,
        open: openStreams,
      }),
    { compress: false },
  );

  // --- credits -----------------------------------------------------------
  adminRoute(app, 'GET /credits', async (req) => getCredits(db, req.shop.id));

  adminRoute(app, 'GET /credits/packages', async () => listPackages(db));

  // Credit purchases are one-time platform charges (the billing feature's client in shopify mode).
  const platform = config.appMode === 'shopify' ? platformBillingFor(app.platform.admin) : undefined;

  adminRoute(app, 'POST /credits/purchase/:packageId', async (req) =>
    purchasePackage(db, config, req.shop, req.params.packageId, platform, requestOrigin(req.protocol, req.host)),
  );

  adminRoute(app, 'POST /credits/verify/:packageId/:chargeId', async (req) =>
    verifyPurchase(db, config, req.shop, req.params.packageId, req.params.chargeId, now(), platform),
  );

  adminRoute(app, 'POST /credits/claim-free', async (req) => {
    const result = await claimFreeCredits(db, req.shop.id);
    return { ...result, message: translate(req.locale, result.message) };
  });
}
