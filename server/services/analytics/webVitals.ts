import { sql } from 'kysely';
import type { Db } from '../../db';
import {
  WEB_VITAL_NAMES,
  WEB_VITAL_THRESHOLDS,
  WEB_VITALS_DAYS,
  webVitalRoute,
  type WebVitalName,
  type WebVitalRating,
  type WebVitalReport,
  type WebVitalStat,
  type WebVitalsSummary,
} from '../../../src/contracts/webVitals';

export { WEB_VITALS_DAYS };

const DAY_MS = 24 * 3600 * 1000;

/**
 * Stores a batch of one shop's measurements: routes normalised again (ids → `:id`), one row per
 * page load and metric — a repeated report (a later, final CLS or INP; a retried batch) replaces it.
 */
export async function recordWebVitals(db: Db, shopId: number, metrics: WebVitalReport[], now: Date): Promise<number> {
  const latest = new Map<string, WebVitalReport>();
  for (const m of metrics) latest.set(`${m.name}\u0000${m.id}`, m);
  if (!latest.size) return 0;
  await db
    .insertInto('webVitals')
    .values(
      [...latest.values()].map((m) => ({
        shopId,
        metricId: m.id,
        name: m.name,
        value: m.value,
        route: webVitalRoute(m.route),
        source: m.source,
        createdAt: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['shopId', 'metricId', 'name']).doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        route: eb.ref('excluded.route'),
        source: eb.ref('excluded.source'),
      })),
    )
    .execute();
  return latest.size;
}

export function rateWebVital(name: WebVitalName, p75: number): WebVitalRating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[name];
  return p75 <= good ? 'good' : p75 <= poor ? 'needsImprovement' : 'poor';
}

const round = (name: WebVitalName, value: number) =>
  name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);

interface Row {
  route: string | null;
  name: WebVitalName;
  p75: number;
  samples: number;
}

/**
 * p75 per route and metric, and per metric over all routes, over the last `days` days: of one
 * shop, or of every shop (`shopId` null: the maintainer's view in the server log).
 */
export async function webVitalsSummary(
  db: Db,
  shopId: number | null,
  now: Date,
  days = WEB_VITALS_DAYS,
): Promise<WebVitalsSummary> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const shop = shopId === null ? sql`true` : sql`shop_id = ${shopId}`;
  const { rows } = await sql<Row>`
    SELECT route, name,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75,
      count(*)::int AS samples
    FROM web_vitals
    WHERE ${shop} AND created_at >= ${since} AND name IN (${sql.join([...WEB_VITAL_NAMES])})
    GROUP BY GROUPING SETS ((route, name), (name))
    ORDER BY route NULLS FIRST, name`.execute(db);
  const summary: WebVitalsSummary = { days, overall: {}, routes: [] };
  const routes = new Map<string, Partial<Record<WebVitalName, WebVitalStat>>>();
  for (const row of rows) {
    const p75 = round(row.name, Number(row.p75));
    const stat: WebVitalStat = { p75, samples: Number(row.samples), rating: rateWebVital(row.name, p75) };
    if (row.route === null) {
      summary.overall[row.name] = stat;
      continue;
    }
    if (!routes.has(row.route)) routes.set(row.route, {});
    routes.get(row.route)![row.name] = stat;
  }
  summary.routes = [...routes].map(([route, metrics]) => ({ route, metrics }));
  return summary;
}

const formatStat = (name: WebVitalName, s: WebVitalStat) =>
  `${name} ${s.p75}${name === 'CLS' ? '' : ' ms'} (${s.rating}, n=${s.samples})`;
const formatMetrics = (metrics: Partial<Record<WebVitalName, WebVitalStat>>) =>
  WEB_VITAL_NAMES.filter((n) => metrics[n])
    .map((n) => formatStat(n, metrics[n]!))
    .join(', ');

/** One log line: `web vitals p75 (28 d, all shops): all LCP 1200 ms (good, n=40), …; /looks/new LCP …`. */
export function webVitalsLogLine(summary: WebVitalsSummary, scope: string): string {
  const parts = [
    `all ${formatMetrics(summary.overall) || 'no samples'}`,
    ...summary.routes.map((r) => `${r.route} ${formatMetrics(r.metrics)}`),
  ];
  return `web vitals p75 (${summary.days} d, ${scope}): ${parts.join('; ')}`;
}

/** Forgets measurements older than the window. */
export async function pruneWebVitals(db: Db, now: Date, days = WEB_VITALS_DAYS): Promise<number> {
  const result = await db
    .deleteFrom('webVitals')
    .where('createdAt', '<', new Date(now.getTime() - days * DAY_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Measurements stored since a time (the periodic log line only appears when there are new ones). */
export async function countWebVitalsSince(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom('webVitals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The maintainer's periodic view (one round of the cluster's `webVitals.log` cron): prunes old
 * measurements, and when some arrived in the round's window (`windowMs` up to `at`, the time since the
 * previous round) logs the p75 per route and metric over every shop. The window comes from the
 * schedule, not from memory, so whichever instance runs a round logs the same line once.
 */
export async function logWebVitalsRound(
  db: Db,
  at: Date,
  windowMs: number,
  log: (summary: WebVitalsSummary, line: string) => void,
): Promise<string | null> {
  await pruneWebVitals(db, at);
  if ((await countWebVitalsSince(db, new Date(at.getTime() - windowMs))) === 0) return null;
  const summary = await webVitalsSummary(db, null, at);
  const line = webVitalsLogLine(summary, 'all shops');
  log(summary, line);
  return line;
}
