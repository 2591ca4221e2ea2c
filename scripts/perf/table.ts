/**
 * The tables of `npm run perf`: medians of the interleaved Lighthouse runs,
 * each route read against the bare floor runs paired with it (LCP, TBT) and
 * against the stack floor (script), the interactions' INP, and PASS/FAIL
 * against the goals of issue 26.
 */

/** What one Lighthouse run measured. */
export interface Sample {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script bytes over the wire (compressed), every script the page loaded during the run. */
  scriptBytes: number;
  /**
   * The pages' messages over the wire: JSON files (scripts/build/messageAssets.ts), not script, so not
   * in `scriptBytes`; printed beside it (until 2026-11-28 they were script chunks and counted there).
   */
  messageBytes?: number;
}

/** A route's runs and the bare floor runs interleaved with them (floor, route, floor, route…). */
export interface RouteSamples {
  route: string;
  samples: Sample[];
  floor: Sample[];
}

export const GOALS = {
  /** First-load script of every route ≤ 1.25 × the stack floor's. */
  scriptVsStack: 1.25,
  /** LCP of every route ≤ 0.8 × the bare floor's (paired runs). */
  lcpRatio: 0.8,
  /** A route's TBT minus that of the floor runs paired with it (medians). */
  tbtOverFloorMs: 50,
  /** Cumulative layout shift of every route. */
  cls: 0.01,
  /** INP of each main interaction, under 4× CPU slowdown. */
  inpMs: 200,
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
  /** Median TBT minus the paired floor runs' median TBT. */
  tbtOverFloorMs: number;
  scriptRatio: number;
  /** Script against the stack floor's (NaN without one). */
  scriptVsStack: number;
  /** Goals missed (empty: PASS). */
  failures: string[];
}

/** A route's medians and goals; `stack`: the stack floor's result (the script goal reads against it). */
export function evaluate({ route, samples, floor }: RouteSamples, stack?: RouteResult): RouteResult {
  const r = medians(samples);
  const f = medians(floor);
  const lcpRatio = r.lcpMs / f.lcpMs;
  const tbtOverFloorMs = r.tbtMs - f.tbtMs;
  const scriptRatio = r.scriptBytes / f.scriptBytes;
  const scriptVsStack = stack ? r.scriptBytes / stack.page.scriptBytes : NaN;
  const failures: string[] = [];
  if (stack && !(scriptVsStack <= GOALS.scriptVsStack))
    failures.push(`script ${scriptVsStack.toFixed(2)}× stack > ${GOALS.scriptVsStack}×`);
  if (!(lcpRatio <= GOALS.lcpRatio)) failures.push(`LCP ${lcpRatio.toFixed(2)}× > ${GOALS.lcpRatio}×`);
  if (!(tbtOverFloorMs <= GOALS.tbtOverFloorMs))
    failures.push(`TBT +${Math.round(tbtOverFloorMs)} ms > ${GOALS.tbtOverFloorMs} ms`);
  if (!(r.cls <= GOALS.cls)) failures.push(`CLS ${r.cls.toFixed(3)} > ${GOALS.cls}`);
  return { route, page: r, floor: f, lcpRatio, tbtOverFloorMs, scriptRatio, scriptVsStack, failures };
}

const s = (ms: number) => (ms / 1000).toFixed(2);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const x = (ratio: number) => `${ratio.toFixed(2)}×`;
const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(Math.round(ms))}`;

/** The label of the stack floor's row (scripts/perf/floor/stack.tsx). */
export const STACK_FLOOR = 'stack floor';

function markdown(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

/**
 * Markdown table: the floor (median of all its runs) first, then the stack
 * floor when measured (not graded: a reference, not a page of the app), then
 * every route.
 */
export function renderTable(results: RouteResult[], allFloor: Sample[], stack?: RouteResult): string {
  const f = medians(allFloor);
  return markdown([
    [
      'Page',
      'LCP (s)',
      'LCP × floor',
      'TBT (ms)',
      'TBT − floor (ms)',
      'CLS',
      'Script (KB)',
      'Script × floor',
      'Script × stack floor',
      'Result',
    ],
    [
      'floor',
      s(f.lcpMs),
      '1.00×',
      String(Math.round(f.tbtMs)),
      '—',
      f.cls.toFixed(3),
      kb(f.scriptBytes),
      '1.00×',
      '—',
      '—',
    ],
    ...(stack
      ? [
          [
            STACK_FLOOR,
            s(stack.page.lcpMs),
            x(stack.lcpRatio),
            String(Math.round(stack.page.tbtMs)),
            signed(stack.tbtOverFloorMs),
            stack.page.cls.toFixed(3),
            kb(stack.page.scriptBytes),
            x(stack.scriptRatio),
            '1.00×',
            '—',
          ],
        ]
      : []),
    ...results.map((r) => [
      `\`${r.route}\``,
      s(r.page.lcpMs),
      x(r.lcpRatio),
      String(Math.round(r.page.tbtMs)),
      signed(r.tbtOverFloorMs),
      r.page.cls.toFixed(3),
      kb(r.page.scriptBytes),
      x(r.scriptRatio),
      Number.isNaN(r.scriptVsStack) ? '—' : x(r.scriptVsStack),
      r.failures.length ? `FAIL: ${r.failures.join(', ')}` : 'PASS',
    ]),
  ]);
}

/** One interaction's runs (inp.ts): the longest event of each, in ms. */
export interface InteractionSamples {
  name: string;
  route: string;
  inpMs: number[];
}

export interface InteractionResult {
  name: string;
  route: string;
  inpMs: number;
  failures: string[];
}

export function evaluateInteraction({ name, route, inpMs }: InteractionSamples): InteractionResult {
  const inp = median(inpMs);
  return {
    name,
    route,
    inpMs: inp,
    failures: inp <= GOALS.inpMs ? [] : [`INP ${Math.round(inp)} ms > ${GOALS.inpMs} ms`],
  };
}

export function renderInteractions(results: InteractionResult[], runs: InteractionSamples[]): string {
  return markdown([
    ['Interaction', 'Route', 'INP (ms, median)', 'Runs (ms)', 'Result'],
    ...results.map((r, i) => [
      r.name,
      `\`${r.route}\``,
      String(Math.round(r.inpMs)),
      runs[i].inpMs.map((v) => Math.round(v)).join(' · '),
      r.failures.length ? `FAIL: ${r.failures.join(', ')}` : 'PASS',
    ]),
  ]);
}

/** A module of a route's first load that the stack floor does not load, with its size in the build (before minification). */
export interface AppModule {
  name: string;
  bytes: number;
}

/** The app-only part of a route's first load, module by module (largest first), the small ones summed up. */
export function renderAppModules(route: string, modules: AppModule[], listAtLeast = 1024): string {
  const sorted = [...modules].sort((a, b) => b.bytes - a.bytes);
  const listed = sorted.filter((m) => m.bytes >= listAtLeast);
  const rest = sorted.slice(listed.length);
  const total = sorted.reduce((sum, m) => sum + m.bytes, 0);
  return [
    `${route}: ${sorted.length} modules beyond the stack floor, ${kb(total)} KB before minification`,
    ...listed.map((m) => `  ${kb(m.bytes).padStart(7)} KB  ${m.name}`),
    ...(rest.length
      ? [
          `  ${kb(rest.reduce((sum, m) => sum + m.bytes, 0)).padStart(7)} KB  (${rest.length} modules under ${kb(listAtLeast)} KB)`,
        ]
      : []),
  ].join('\n');
}
