import type { FastifyInstance } from 'fastify';
import { adminRoute } from '../http/adminRoute';
import {
  logWebVitalsRound,
  recordWebVitals,
  webVitalsLogLine,
  webVitalsSummary,
} from '../services/analytics/webVitals';

/** How often the server log gets the all-shops p75 line (when new measurements arrived): a cron of the cluster. */
export const WEB_VITALS_LOG_CRON = '*/15 * * * *';
const WEB_VITALS_LOG_WINDOW_MS = 15 * 60 * 1000;

/**
 * Admin Web Vitals: the SPA's measurements of real sessions (POST, batched), p75 per route and
 * metric for the calling shop (GET …/summary, also written to the log), and every
 * 15 minutes a log line over all shops for the maintainer (the `webVitals.log` job, once per cluster).
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

  await app.jobs.work('webVitals.log', async () => {
    await logWebVitalsRound(db, now(), WEB_VITALS_LOG_WINDOW_MS, (summary, line) =>
      app.log.info({ webVitals: summary }, line),
    );
  });
  await app.jobs.schedule('webVitals.log', WEB_VITALS_LOG_CRON, {});
}
