/**
 * `npm run perf`: the admin app against the floor — a bare Polaris page built
 * with the same toolchain — in Lighthouse (mobile preset), every route
 * interleaved with the floor in one run (floor, route, floor, route…; median
 * of PERF_RUNS, default 3, each), printed side by side with PASS/FAIL against
 * the goals (table.ts). Ratios, not absolute figures, are what to compare on a
 * busy machine. Downloads nothing: both pages come from local servers on
 * 127.0.0.1 and a run that requests anything else fails.
 *
 * The stack floor (floor/stack.tsx: the floor's page on the design card's
 * runtime — Redux Toolkit with RTK Query, react-redux, redux-persist,
 * react-intl) is measured the same way, once per round: the least a page of
 * this stack loads, so a route's script column reads against both.
 *
 * PERF_APP_DIST / PERF_FLOOR_DIST / PERF_STACK_DIST: use existing builds. PERF_ROUTES: a comma
 * list of routes. PERF_OUT: keep every Lighthouse report (JSON) there.
 * PERF_NICE (default -10; 0 turns it off): niceness of Chromium and both
 * servers, so a busy machine's other work pauses them less (TBT counts every
 * pause of the main thread, ×4 under the mobile preset).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, startServer, type Server } from './servers';
import { openBrowser, type Browser } from './lighthouse';
import { evaluate, renderTable, STACK_FLOOR, stackFloorNote, type RouteSamples, type Sample } from './table';

const ROUTES = process.env.PERF_ROUTES?.split(',').map((r) => r.trim()).filter(Boolean) ?? ['/', '/looks', '/analytics', '/looks/new', '/gallery'];
const RUNS = Math.max(1, Number(process.env.PERF_RUNS ?? 3));
const NICENESS = Number(process.env.PERF_NICE ?? -10);

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-perf-'));
  const out = process.env.PERF_OUT ? path.resolve(process.env.PERF_OUT) : path.join(tmp, 'reports');
  fs.mkdirSync(out, { recursive: true });
  const servers: Server[] = [];
  let browser: Browser | undefined;
  try {
    const appDist = process.env.PERF_APP_DIST ? path.resolve(process.env.PERF_APP_DIST) : path.join(tmp, 'app-dist');
    const floorDist = process.env.PERF_FLOOR_DIST ? path.resolve(process.env.PERF_FLOOR_DIST) : path.join(tmp, 'floor-dist');
    const stackDist = process.env.PERF_STACK_DIST ? path.resolve(process.env.PERF_STACK_DIST) : path.join(tmp, 'stack-dist');
    if (!process.env.PERF_APP_DIST) log(`app build: ${(build(appDist, 'app') / 1000).toFixed(1)} s`);
    if (!process.env.PERF_FLOOR_DIST) log(`floor build: ${(build(floorDist, 'floor') / 1000).toFixed(1)} s`);
    if (!process.env.PERF_STACK_DIST) log(`stack floor build: ${(build(stackDist, 'stack') / 1000).toFixed(1)} s`);

    const app = await startServer({ dist: appDist, dataDir: path.join(tmp, 'app-data'), seedDemo: true, readyPath: '/api/dev/session-token', niceness: NICENESS });
    servers.push(app);
    const floor = await startServer({ dist: floorDist, dataDir: path.join(tmp, 'floor-data'), seedDemo: false, readyPath: '/', niceness: NICENESS });
    servers.push(floor);
    const stack = await startServer({ dist: stackDist, dataDir: path.join(tmp, 'stack-data'), seedDemo: false, readyPath: '/', niceness: NICENESS });
    servers.push(stack);
    log(`app ${app.origin}, floor ${floor.origin}, stack floor ${stack.origin}`);

    browser = await openBrowser({ niceness: NICENESS, tmpDir: tmp });
    const external = new Set<string>();
    const measure = async (label: string, url: string, run: number): Promise<Sample> => {
      const result = await browser!.run(url);
      result.external.forEach((u) => external.add(u));
      fs.writeFileSync(path.join(out, `${label === '/' ? 'root' : label.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_')}-${run}.json`), result.report);
      const { lcpMs, tbtMs, cls, scriptBytes } = result.sample;
      log(`  ${label.padEnd(12)} run ${run}: LCP ${(lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(tbtMs)} ms, CLS ${cls.toFixed(3)}, script ${(scriptBytes / 1024).toFixed(1)} KB`);
      return result.sample;
    };

    // Warm-up (server caches, JIT): one unmeasured run of each page.
    log('warm-up');
    await browser.run(floor.origin + '/');
    await browser.run(stack.origin + '/');
    for (const route of ROUTES) await browser.run(app.origin + route);

    const results: RouteSamples[] = ROUTES.map((route) => ({ route, samples: [], floor: [] }));
    // The stack floor, interleaved with the floor like a route: what the design card's runtime adds to it.
    const stackSamples: RouteSamples = { route: STACK_FLOOR, samples: [], floor: [] };
    for (let run = 1; run <= RUNS; run++) {
      log(`round ${run} of ${RUNS} (load average ${os.loadavg()[0].toFixed(1)})`);
      stackSamples.floor.push(await measure('floor', floor.origin + '/', run));
      stackSamples.samples.push(await measure('stack-floor', stack.origin + '/', run));
      for (const r of results) {
        r.floor.push(await measure('floor', floor.origin + '/', run));
        r.samples.push(await measure(r.route, app.origin + r.route, run));
      }
    }
    if (external.size) throw new Error(`the pages requested something outside the local servers: ${[...external].join(', ')}`);

    const evaluated = results.map(evaluate);
    const { version } = JSON.parse(fs.readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as { version: string };
    process.stdout.write(
      `Lighthouse ${version}, mobile preset (simulated slow 4G, 4× CPU), Chromium headless; median of ${RUNS} runs per page, ` +
        `each route interleaved with the floor (ratios to the floor runs paired with it); ` +
        (NICENESS ? `Chromium and servers at nice ${NICENESS}; ` : '') +
        `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; ${new Date().toISOString().slice(0, 10)}.\n\n`,
    );
    const stackResult = evaluate(stackSamples);
    process.stdout.write(`${renderTable(evaluated, [...stackSamples.floor, ...results.flatMap((r) => r.floor)], stackResult)}\n`);
    process.stdout.write(`\nGoals: LCP ≤ 1.3× the floor, TBT ≤ 100 ms, CLS ≤ 0.01 on every route; script transferred by \`/\` ≤ 1.3× the floor.\n`);
    process.stdout.write(`${stackFloorNote(stackResult)}\n`);
    if (process.env.PERF_OUT) log(`reports: ${out}`);
    if (evaluated.some((r) => r.failures.length)) process.exitCode = 1;
  } finally {
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
