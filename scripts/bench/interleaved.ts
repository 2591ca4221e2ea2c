/**
 * Latency of an endpoint next to a trivial one on the same server, under the
 * same fixed load: phases of the baseline (GET /admin/api/v1/shop: session
 * token check and shop lookup, no query of its own) and of the target
 * alternate (baseline, target, baseline, target…), each at `rate` req/s. On a
 * machine busy with other work the absolute figures move; the ratio to the
 * baseline measured in the same minutes says what the endpoint itself costs.
 */
import autocannon from 'autocannon';

export const BASELINE_PATH = '/admin/api/v1/shop';

export interface LatencySummary {
  /** Median over the phases of each phase's percentile (ms). */
  p50: number;
  p99: number;
  /** Worst single request over all phases (ms). */
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface Interleaved {
  target: LatencySummary;
  baseline: LatencySummary;
  /** target p99 / baseline p99 (and p50). */
  p99Ratio: number;
  p50Ratio: number;
}

function fire(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function summarize(
  results: Array<Pick<autocannon.Result, 'latency' | 'requests' | 'non2xx' | 'errors'>>,
): LatencySummary {
  return {
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    requests: results.reduce((n, r) => n + r.requests.total, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

/**
 * `rounds` × (baseline phase, target phase) of `phaseSeconds` each, at a fixed
 * `rate` over 10 connections, the load generator in a worker thread.
 * `headers()` is called per phase (session tokens live a minute).
 */
export async function measureInterleaved(opts: {
  origin: string;
  headers: () => Promise<Record<string, string>>;
  target: autocannon.Request[];
  rate: number;
  phaseSeconds: number;
  rounds: number;
}): Promise<Interleaved> {
  const phase = async (requests: autocannon.Request[]) =>
    fire({
      url: opts.origin,
      headers: await opts.headers(),
      connections: 10,
      workers: 1,
      overallRate: opts.rate,
      duration: opts.phaseSeconds,
      requests,
    });
  const baseline: autocannon.Result[] = [];
  const target: autocannon.Result[] = [];
  for (let round = 0; round < opts.rounds; round++) {
    baseline.push(await phase([{ method: 'GET', path: BASELINE_PATH }]));
    target.push(await phase(opts.target));
  }
  const t = summarize(target);
  const b = summarize(baseline);
  return { target: t, baseline: b, p99Ratio: t.p99 / b.p99, p50Ratio: t.p50 / b.p50 };
}

/** The figures every bench prints for an interleaved measurement. */
export function interleavedFigures(
  label: string,
  m: Interleaved,
  targetP99Ms: number,
): Record<string, string | number> {
  return {
    [`${label} p50 / p99 / max (ms)`]: `${m.target.p50} / ${m.target.p99} / ${m.target.max}`,
    [`baseline GET /shop p50 / p99 / max (ms), same load`]: `${m.baseline.p50} / ${m.baseline.p99} / ${m.baseline.max}`,
    [`${label} ÷ baseline: p50 / p99`]: `${m.p50Ratio.toFixed(2)}× / ${m.p99Ratio.toFixed(2)}×`,
    [`${label} requests (non-2xx / errors)`]: `${m.target.requests} (${m.target.non2xx} / ${m.target.errors})`,
    [`baseline requests (non-2xx / errors)`]: `${m.baseline.requests} (${m.baseline.non2xx} / ${m.baseline.errors})`,
    [`${label} p99 ≤ ${targetP99Ms} ms`]: m.target.p99 <= targetP99Ms ? 'yes' : 'NO',
  };
}
