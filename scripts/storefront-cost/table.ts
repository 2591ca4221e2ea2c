/**
 * The table of `npm run storefront-cost`: the demo product page with the look block against the same
 * page without it, medians of interleaved Lighthouse runs, and PASS/FAIL against the goals.
 */
import { median } from '../perf/table';

export interface CostSample {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script bytes over the wire (compressed), every script the page loaded. */
  scriptBytes: number;
  /** Requests to the app server's data endpoints (/api/, /apps/) during the load. */
  dataRequests: number;
}

export const COST_GOALS = {
  /** Added JavaScript, gzip. */
  addedJsBytes: 10 * 1024,
  addedDataRequests: 0,
  tbtDeltaMs: 30,
  lcpDeltaMs: 100,
} as const;

export interface CostResult {
  without: CostSample;
  with: CostSample;
  /** gzip -9 size of the storefront script itself. */
  scriptGzipBytes: number;
  runs: number;
}

const m = (samples: CostSample[], key: keyof CostSample) => median(samples.map((s) => s[key]));

export function summarize(without: CostSample[], withBlock: CostSample[], scriptGzipBytes: number): CostResult {
  const keys: (keyof CostSample)[] = ['lcpMs', 'tbtMs', 'cls', 'scriptBytes', 'dataRequests'];
  const pick = (samples: CostSample[]) =>
    Object.fromEntries(keys.map((k) => [k, m(samples, k)])) as unknown as CostSample;
  return {
    without: pick(without),
    with: pick(withBlock),
    scriptGzipBytes,
    runs: Math.min(without.length, withBlock.length),
  };
}

export interface CostRow {
  metric: string;
  without: string;
  with: string;
  delta: string;
  goal: string;
  pass: boolean;
}

export function costRows(r: CostResult): CostRow[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const ms = (n: number) => `${Math.round(n)} ms`;
  const addedJs = Math.max(r.with.scriptBytes - r.without.scriptBytes, r.scriptGzipBytes);
  const sign = (n: number, f: (n: number) => string) => (n >= 0 ? `+${f(n)}` : `−${f(-n)}`);
  const requests = r.with.dataRequests - r.without.dataRequests;
  const tbt = r.with.tbtMs - r.without.tbtMs;
  const lcp = r.with.lcpMs - r.without.lcpMs;
  return [
    {
      metric: 'JS (transfer; looks.js gzip)',
      without: kb(r.without.scriptBytes),
      with: kb(r.with.scriptBytes),
      delta: `${sign(r.with.scriptBytes - r.without.scriptBytes, kb)} (${kb(r.scriptGzipBytes)})`,
      goal: `≤ ${kb(COST_GOALS.addedJsBytes)}`,
      pass: addedJs <= COST_GOALS.addedJsBytes,
    },
    {
      metric: 'requests to /api/, /apps/',
      without: String(r.without.dataRequests),
      with: String(r.with.dataRequests),
      delta: sign(requests, String),
      goal: `${COST_GOALS.addedDataRequests}`,
      pass: requests <= COST_GOALS.addedDataRequests,
    },
    {
      metric: 'TBT',
      without: ms(r.without.tbtMs),
      with: ms(r.with.tbtMs),
      delta: sign(tbt, ms),
      goal: `+≤ ${COST_GOALS.tbtDeltaMs} ms`,
      pass: tbt <= COST_GOALS.tbtDeltaMs,
    },
    {
      metric: 'LCP',
      without: ms(r.without.lcpMs),
      with: ms(r.with.lcpMs),
      delta: sign(lcp, ms),
      goal: `+≤ ${COST_GOALS.lcpDeltaMs} ms`,
      pass: lcp <= COST_GOALS.lcpDeltaMs,
    },
    {
      metric: 'CLS',
      without: r.without.cls.toFixed(3),
      with: r.with.cls.toFixed(3),
      delta: sign(r.with.cls - r.without.cls, (n) => n.toFixed(3)),
      goal: '—',
      pass: true,
    },
  ];
}

export function renderCostTable(r: CostResult): string {
  const rows = costRows(r);
  const head = ['', 'without block', 'with block', 'delta', 'goal', ''];
  const body = rows.map((row) => [
    row.metric,
    row.without,
    row.with,
    row.delta,
    row.goal,
    row.metric === 'CLS' ? '' : row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...body.map(line),
    `median of ${r.runs} interleaved Lighthouse runs each (mobile preset)`,
  ].join('\n');
}
