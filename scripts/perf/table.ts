/**
 * The side-by-side table of `npm run perf`: medians of the interleaved
 * Lighthouse runs, each route's LCP and script transfer as ratios to the floor
 * runs paired with it, and PASS/FAIL against the goals of issue 15.
 */

/** What one Lighthouse run measured. */
export interface Sample {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script bytes over the wire (compressed), every script the page loaded during the run. */
  scriptBytes: number;
}

/** A route's runs and the floor runs interleaved with them (floor, route, floor, route…). */
export interface RouteSamples {
  route: string;
  samples: Sample[];
  floor: Sample[];
}

export const GOALS = {
  /** LCP of every route ≤ 1.3 × the floor's. */
  lcpRatio: 1.3,
  /** Total blocking time of every route. */
  tbtMs: 100,
  /** Cumulative layout shift of every route. */
  cls: 0.01,
  /** Script transferred by `/` ≤ 1.3 × the floor's. */
  scriptRatio: 1.3,
  /** The route whose script transfer the goal holds for (first load of the admin). */
  scriptRoute: '/',
} as const;

export function median(values: number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface Medians {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
}

export function medians(samples: Sample[]): Medians {
  return {
    lcpMs: median(samples.map((s) => s.lcpMs)),
    tbtMs: median(samples.map((s) => s.tbtMs)),
    cls: median(samples.map((s) => s.cls)),
    scriptBytes: median(samples.map((s) => s.scriptBytes)),
  };
}

export interface RouteResult {
  route: string;
  page: Medians;
  floor: Medians;
  lcpRatio: number;
  scriptRatio: number;
  /** Goals missed (empty: PASS). */
  failures: string[];
}

export function evaluate({ route, samples, floor }: RouteSamples): RouteResult {
  const r = medians(samples);
  const f = medians(floor);
  const lcpRatio = r.lcpMs / f.lcpMs;
  const scriptRatio = r.scriptBytes / f.scriptBytes;
  const failures: string[] = [];
  if (!(lcpRatio <= GOALS.lcpRatio)) failures.push(`LCP ${lcpRatio.toFixed(2)}× > ${GOALS.lcpRatio}×`);
  if (!(r.tbtMs <= GOALS.tbtMs)) failures.push(`TBT ${Math.round(r.tbtMs)} ms > ${GOALS.tbtMs} ms`);
  if (!(r.cls <= GOALS.cls)) failures.push(`CLS ${r.cls.toFixed(3)} > ${GOALS.cls}`);
  if (route === GOALS.scriptRoute && !(scriptRatio <= GOALS.scriptRatio)) failures.push(`script ${scriptRatio.toFixed(2)}× > ${GOALS.scriptRatio}×`);
  return { route, page: r, floor: f, lcpRatio, scriptRatio, failures };
}

const s = (ms: number) => (ms / 1000).toFixed(2);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const x = (ratio: number) => `${ratio.toFixed(2)}×`;

/** The label of the stack floor's row (scripts/perf/floor/stack.tsx). */
export const STACK_FLOOR = 'stack floor';

/**
 * Markdown table: the floor (median of all its runs) first, then the stack
 * floor when measured (its ratios to the floor runs paired with it; not
 * graded: it is a reference, not a page of the app), then every route, whose
 * last column reads its script against the stack floor's.
 */
export function renderTable(results: RouteResult[], allFloor: Sample[], stack?: RouteResult): string {
  const f = medians(allFloor);
  const versusStack = (r: RouteResult) => (stack ? x(r.page.scriptBytes / stack.page.scriptBytes) : '—');
  const rows = [
    ['Page', 'LCP (s)', 'LCP × floor', 'TBT (ms)', 'CLS', 'Script (KB)', 'Script × floor', 'Script × stack floor', 'Result'],
    ['floor', s(f.lcpMs), '1.00×', String(Math.round(f.tbtMs)), f.cls.toFixed(3), kb(f.scriptBytes), '1.00×', '—', '—'],
    ...(stack
      ? [[STACK_FLOOR, s(stack.page.lcpMs), x(stack.lcpRatio), String(Math.round(stack.page.tbtMs)), stack.page.cls.toFixed(3), kb(stack.page.scriptBytes), x(stack.scriptRatio), '1.00×', '—']]
      : []),
    ...results.map((r) => [
      `\`${r.route}\``,
      s(r.page.lcpMs),
      x(r.lcpRatio),
      String(Math.round(r.page.tbtMs)),
      r.page.cls.toFixed(3),
      kb(r.page.scriptBytes),
      x(r.scriptRatio),
      versusStack(r),
      r.failures.length ? `FAIL: ${r.failures.join(', ')}` : 'PASS',
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

/**
 * What the stack floor says of the script goal: whether a page built on the
 * design card's runtime can load as little as 1.3× the floor at all.
 */
export function stackFloorNote(stack: RouteResult): string {
  const fits = stack.scriptRatio <= GOALS.scriptRatio;
  return (
    `Stack floor: the floor's page on the design card's runtime (Redux Toolkit + RTK Query, react-redux, redux-persist, react-intl) ` +
    `loads ${kb(stack.page.scriptBytes)} KB of script, ${x(stack.scriptRatio)} the floor: ` +
    (fits
      ? `the script goal (${GOALS.scriptRatio}×) leaves ${kb(GOALS.scriptRatio * stack.floor.scriptBytes - stack.page.scriptBytes)} KB for the product's own code.`
      : `above the script goal (${GOALS.scriptRatio}×) before any of the product's own code.`)
  );
}
