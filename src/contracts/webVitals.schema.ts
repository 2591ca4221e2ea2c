/** Admin Web Vitals request schemas: POST /webVitals (a batch of measurements) and GET /webVitals/summary. */
import { yup } from './validation';
import {
  WEB_VITAL_NAMES,
  WEB_VITAL_ROUTE_MAX,
  WEB_VITAL_SOURCES,
  WEB_VITALS_BATCH_MAX,
  WEB_VITALS_DAYS,
  type WebVitalName,
  type WebVitalSource,
} from './webVitals';

/** Timings above ten minutes, or a layout shift score above 100, are not measurements. */
const MAX_MS = 600_000;
const MAX_CLS = 100;

const metricSchema = yup
  .object({
    id: yup.string().required().min(1).max(128),
    name: yup
      .mixed<WebVitalName>()
      .oneOf([...WEB_VITAL_NAMES])
      .required(),
    value: yup
      .number()
      .required()
      .min(0)
      .when('name', ([name], schema) => schema.max(name === 'CLS' ? MAX_CLS : MAX_MS)),
    route: yup.string().required().matches(/^\//).max(WEB_VITAL_ROUTE_MAX),
    source: yup
      .mixed<WebVitalSource>()
      .oneOf([...WEB_VITAL_SOURCES])
      .required(),
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
