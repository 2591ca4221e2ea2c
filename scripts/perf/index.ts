/**
 * `npm run perf`: the admin app against the floor — a bare Polaris page built
 * with the same toolchain — in Lighthouse (mobile preset), every route
 * interleaved with the floor in one run (floor, route, floor, route…; median
 * of PERF_RUNS, default 5, each), printed side by side with PASS/FAIL against
 * the goals (table.ts); then the INP of the main interactions under 4× CPU
 * slowdown (inp.ts), and each route's app-only first-load modules. Ratios and
 * paired differences, not absolute figures, are what to compare on a busy
 * machine. Downloads nothing: the pages come from local servers on 127.0.0.1
 * and a run that requests anything else fails. Exits 1 when a goal is missed.
 *
 * The stack floor (floor/stack.tsx: the floor's page on the design card's
 * runtime — Redux Toolkit with RTK Query, react-redux, redux-persist,
 * react-intl, react-router-dom's data router, Polaris' Frame) is measured the
 * same way, once per round: the least a page of this stack loads; a route's
 * script goal reads against it.
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
import { measureInteractions } from './inp';
import { appModules } from './appModules';
import {
  evaluate,
  median,
  evaluateInteraction,
  GOALS,
  renderAppModules,
  renderInteractions,
  renderTable,
  STACK_FLOOR,
  type InteractionSamples,
  type RouteSamples,
  type Sample,
} from './table';

const ROUTES = process.env.PERF_ROUTES?.split(',')
  .map((r) => r.trim())
  .filter(Boolean) ?? ['/', '/looks', '/analytics', '/looks/new', '/gallery', '/billing/plans', '/layout'];
const RUNS = Math.max(1, Number(process.env.PERF_RUNS ?? 5));
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
    const floorDist = process.env.PERF_FLOOR_DIST
      ? path.resolve(process.env.PERF_FLOOR_DIST)
      : path.join(tmp, 'floor-dist');
    const stackDist = process.env.PERF_STACK_DIST
      ? path.resolve(process.env.PERF_STACK_DIST)
      : path.join(tmp, 'stack-dist');
    // Each build's stats beside it (the app-only modules of each route's first load).
    if (!process.env.PERF_APP_DIST) log(`app build: ${(build(appDist, 'app') / 1000).toFixed(1)} s`);
    if (!process.env.PERF_FLOOR_DIST) log(`floor build: ${(build(floorDist, 'floor') / 1000).toFixed(1)} s`);
    if (!process.env.PERF_STACK_DIST) log(`stack floor build: ${(build(stackDist, 'stack') / 1000).toFixed(1)} s`);

    const app = await startServer({
      dist: appDist,
      dataDir: path.join(tmp, 'app-data'),
      seedDemo: true,
      readyPath: '/api/dev/session-token',
      niceness: NICENESS,
    });
    servers.push(app);
    const floor = await startServer({
      dist: floorDist,
      dataDir: path.join(tmp, 'floor-data'),
      seedDemo: false,
      readyPath: '/',
      niceness: NICENESS,
    });
    servers.push(floor);
    const stack = await startServer({
      dist: stackDist,
      dataDir: path.join(tmp, 'stack-data'),
      seedDemo: false,
      readyPath: '/',
      niceness: NICENESS,
    });
    servers.push(stack);
    log(`app ${app.origin}, floor ${floor.origin}, stack floor ${stack.origin}`);

    browser = await openBrowser({ niceness: NICENESS, tmpDir: tmp });
    const external = new Set<string>();
    const measure = async (label: string, url: string, run: number): Promise<Sample> => {
      const result = await browser!.run(url);
      result.external.forEach((u) => external.add(u));
      fs.writeFileSync(
        path.join(out, `${label === '/' ? 'root' : label.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_')}-${run}.json`),
        result.report,
      );
      const { lcpMs, tbtMs, cls, scriptBytes, messageBytes = 0 } = result.sample;
      log(
        `  ${label.padEnd(12)} run ${run}: LCP ${(lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(tbtMs)} ms, CLS ${cls.toFixed(3)}, script ${(scriptBytes / 1024).toFixed(1)} KB` +
          (messageBytes ? `, messages ${(messageBytes / 1024).toFixed(1)} KB (JSON)` : ''),
      );
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
    if (external.size)
      throw new Error(`the pages requested something outside the local servers: ${[...external].join(', ')}`);

    await browser.close();
    browser = undefined;
    log('interactions (4× CPU slowdown)');
    // A stage that stops (a page not up within its wait on a busy machine) loses none of the Lighthouse runs above.
    let interactionRuns: InteractionSamples[] = [];
    let interactionsStopped: string | undefined;
    try {
      interactionRuns = await measureInteractions(app.origin, RUNS, log);
    } catch (error) {
      interactionsStopped = error instanceof Error ? error.message.split('\n')[0] : String(error);
      log(`interactions stopped: ${interactionsStopped}`);
    }

    const stackResult = evaluate(stackSamples);
    const evaluated = results.map((r) => evaluate(r, stackResult));
    const interactions = interactionRuns.map(evaluateInteraction);
    const { version } = JSON.parse(fs.readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as {
      version: string;
    };
    process.stdout.write(
      `Lighthouse ${version}, mobile preset (simulated slow 4G, 4× CPU), Chromium headless; median of ${RUNS} runs per page, ` +
        `each route interleaved with the floor (LCP as a ratio to, TBT as a difference from, the floor runs paired with it); ` +
        (NICENESS ? `Chromium and servers at nice ${NICENESS}; ` : '') +
        `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; ${new Date().toISOString().slice(0, 10)}.\n\n`,
    );
    process.stdout.write(
      `${renderTable(evaluated, [...stackSamples.floor, ...results.flatMap((r) => r.floor)], stackResult)}\n\n`,
    );
    process.stdout.write(
      interactionsStopped
        ? `Interactions: not measured (the stage stopped: ${interactionsStopped}).\n`
        : `${renderInteractions(interactions, interactionRuns)}\n`,
    );
    process.stdout.write(
      `\nGoals: first-load script ≤ ${GOALS.scriptVsStack}× the stack floor, LCP ≤ ${GOALS.lcpRatio}× the floor, TBT ≤ the paired floor's + ${GOALS.tbtOverFloorMs} ms, ` +
        `CLS ≤ ${GOALS.cls} on every route; INP ≤ ${GOALS.inpMs} ms for each interaction (Chromium, 4× CPU slowdown).\n`,
    );
    process.stdout.write(
      `Stack floor: the floor's page on the design card's runtime (Redux Toolkit + RTK Query, react-redux, redux-persist, react-intl, react-router-dom's data router, Polaris' Frame): ` +
        `${(stackResult.page.scriptBytes / 1024).toFixed(1)} KB of script, ${stackResult.scriptRatio.toFixed(2)}× the floor.\n`,
    );
    // The messages are data, fetched as JSON (scripts/build/messageAssets.ts): said beside the script figure.
    process.stdout.write(
      `Messages (a page's JSON files, not script; median): ${results
        .map((r) => `${r.route} ${(median(r.samples.map((s) => s.messageBytes ?? 0)) / 1024).toFixed(1)} KB`)
        .join(', ')}.\n`,
    );
    const modules = appModules(`${appDist}.stats.json`, `${stackDist}.stats.json`, ROUTES);
    if (modules) {
      process.stdout.write(
        '\nThe app-only part of each first load (modules the stack floor does not load; sizes in the build before minification):\n',
      );
      for (const { route, modules: list } of modules) process.stdout.write(`${renderAppModules(route, list)}\n`);
    } else log('(no build stats: the app-only modules are listed for builds made by this run)');
    if (process.env.PERF_OUT) log(`reports: ${out}`);
    if (interactionsStopped || evaluated.some((r) => r.failures.length) || interactions.some((r) => r.failures.length))
      process.exitCode = 1;
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
