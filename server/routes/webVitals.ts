import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { yup } from '../../src/contracts/validation';
import {
  WEB_VITAL_NAMES,
  WEB_VITAL_ROUTE_MAX,
  WEB_VITAL_SOURCES,
  WEB_VITALS_BATCH_MAX,
  type WebVitalName,
  type WebVitalSource,
} from '../../src/contracts/webVitals';
import type { YupTypeProvider } from '../http/validate';
import { createWebVitalsLog, recordWebVitals, webVitalsLogLine, webVitalsSummary, WEB_VITALS_DAYS } from '../services/analytics/webVitals';

/** Timings above ten minutes, or a layout shift score above 100, are not measurements. */
const MAX_MS = 600_000;
const MAX_CLS = 100;
/** How often the server log gets the all-shops p75 line (when new measurements arrived). */
export const WEB_VITALS_LOG_INTERVAL_MS = 15 * 60 * 1000;

const metricSchema = yup
  .object({
    id: yup.string().required().min(1).max(128),
    name: yup.mixed<WebVitalName>().oneOf([...WEB_VITAL_NAMES]).required(),
    value: yup
      .number()
      .required()
      .min(0)
      .when('name', ([name], schema) => schema.max(name === 'CLS' ? MAX_CLS : MAX_MS)),
    route: yup.string().required().matches(/^\//).max(WEB_VITAL_ROUTE_MAX),
    source: yup.mixed<WebVitalSource>().oneOf([...WEB_VITAL_SOURCES]).required(),
  })
  .noUnknown()
  .strict();

export const webVitalsBatchSchema = yup
  .object({ metrics: yup.array(metricSchema.required()).required().min(1).max(WEB_VITALS_BATCH_MAX) })
  .noUnknown()
  .strict();

export const webVitalsSummaryQuerySchema = yup.object({
  days: yup.number().integer().min(1).max(WEB_VITALS_DAYS).default(WEB_VITALS_DAYS),
});

/**
 * Admin Web Vitals: the SPA's measurements of real sessions (POST, batched), p75 per route and
 * metric for the calling shop (GET …/summary, also written to the log), and every
 * WEB_VITALS_LOG_INTERVAL_MS a log line over all shops for the maintainer.
 */
export default async function webVitalsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, now } = app.deps;

  app.post(`${API_PREFIX}/webVitals`, { bodyLimit: 16 * 1024, schema: { body: webVitalsBatchSchema } }, async (req, reply) => {
    await recordWebVitals(db, req.shop.id, req.body.metrics, now());
    return reply.status(204).send();
  });

  app.get(`${API_PREFIX}/webVitals/summary`, { schema: { querystring: webVitalsSummaryQuerySchema } }, async (req) => {
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
