import type { FastifyInstance } from 'fastify';
import { adminRoute } from '../http/adminRoute';
import {
  createWebVitalsLog,
  recordWebVitals,
  webVitalsLogLine,
  webVitalsSummary,
} from '../services/analytics/webVitals';

/** How often the server log gets the all-shops p75 line (when new measurements arrived). */
export const WEB_VITALS_LOG_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Admin Web Vitals: the SPA's measurements of real sessions (POST, batched), p75 per route and
 * metric for the calling shop (GET …/summary, also written to the log), and every
 * WEB_VITALS_LOG_INTERVAL_MS a log line over all shops for the maintainer.
 */
export default async function webVitalsRoutes(app: FastifyInstance) {
  const { db, now } = app.deps;

  adminRoute(
    app,
    'POST /webVitals',
    async (req, reply) => {
      await recordWebVitals(db, req.shop.id, req.body.metrics, now());
      return reply.status(204).send();
    },
    { bodyLimit: 16 * 1024 },
  );

  adminRoute(app, 'GET /webVitals/summary', async (req) => {
    const summary = await webVitalsSummary(db, req.shop.id, now(), req.query.days);
    req.log.info({ shop: req.shop.domain, webVitals: summary }, webVitalsLogLine(summary, req.shop.domain));
    return summary;
  });

  const periodic = createWebVitalsLog(db, now, (summary, line) => app.log.info({ webVitals: summary }, line));
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= periodic
      .tick()
      .catch((err: unknown) => app.log.warn({ err }, 'web vitals summary failed'))
      .finally(() => {
        running = null;
      });
  }, WEB_VITALS_LOG_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
