/**
 * `npm run storefront-cost`: what the look block costs a product page. The demo product page with the
 * block (`?look=<id>`) against the same page without it (`&blocks=none`), side by side in one run,
 * interleaved (the order alternates each round), median of STOREFRONT_COST_RUNS (default 3) Lighthouse
 * runs each (mobile preset). Prints the added JavaScript, the requests to the app's data endpoints
 * during the load (/api/, /apps/: asset files come from Shopify's CDN on a real store, so they do not
 * count), and the TBT and LCP deltas, with PASS/FAIL against the goals (table.ts).
 *
 * Builds nothing: the server needs no SPA for these pages, and the committed assets/looks.js is the
 * fresh build (its test says so). STOREFRONT_COST_PRODUCT: the product handle (default the demo's
 * linen-shirt-sand). STOREFRONT_COST_TEMPLATE: a layout template to set first (default: the shop's).
 * STOREFRONT_COST_NICE (default -10; 0 turns it off): niceness of Chromium and the server.
 * STOREFRONT_COST_EXPERIMENTS=keep: measure the look with the demo's running A/B test (a second, hidden
 * widget and looks-ab.js); by default the test is stopped first, so the block is measured as most looks are.
 * STOREFRONT_COST_REPORTS: a folder to keep every measured run's Lighthouse JSON in
 * (`<with|without>-<run>.json`: the LCP element, the lantern critical path, the requests before LCP).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, type Server } from '../perf/servers';
import { openBrowser, type Browser } from '../perf/lighthouse';
import { renderCostTable, summarize, costRows, type CostSample } from './table';

const RUNS = Math.max(3, Number(process.env.STOREFRONT_COST_RUNS ?? 3));
const NICENESS = Number(process.env.STOREFRONT_COST_NICE ?? -10);
const PRODUCT = process.env.STOREFRONT_COST_PRODUCT ?? 'linen-shirt-sand';
const TEMPLATE = process.env.STOREFRONT_COST_TEMPLATE;
const REPORTS = process.env.STOREFRONT_COST_REPORTS;
const EXPERIMENTS = process.env.STOREFRONT_COST_EXPERIMENTS === 'keep' ? 'keep' : 'stop';
const SCRIPT = path.resolve(__dirname, '..', '..', 'extensions', 'looks-theme', 'assets', 'looks.js');

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Requests of the load to the app server's data endpoints, from the report's network-requests audit. */
function dataRequests(report: string, origin: string): string[] {
  const lhr = JSON.parse(report) as { audits: Record<string, { details?: { items?: { url: string }[] } }> };
  return (lhr.audits['network-requests']?.details?.items ?? [])
    .map((r) => r.url)
    .filter((u) => u.startsWith(origin) && /^\/(api|apps)\//.test(new URL(u).pathname));
}

async function firstLook(origin: string): Promise<{ id: number; title: string }> {
  const { token } = (await (await fetch(`${origin}/api/dev/session-token`)).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (TEMPLATE !== undefined) {
    const res = await fetch(`${origin}/admin/api/v1/layout`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ definedTemplate: TEMPLATE }),
    });
    if (!res.ok) throw new Error(`PATCH /layout: ${res.status} ${await res.text()}`);
  }
  if (EXPERIMENTS === 'stop') {
    // The demo's look has a running A/B test (a second, hidden widget and looks-ab.js): stopped, so the
    // block is measured as most looks are; STOREFRONT_COST_EXPERIMENTS=keep measures it with the test.
    const running = (
      (await (await fetch(`${origin}/admin/api/v1/experiments`, { headers })).json()) as {
        id: number;
        status: string;
      }[]
    ).filter((e) => e.status === 'running');
    for (const e of running) {
      const res = await fetch(`${origin}/admin/api/v1/experiments/${e.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ status: 'stopped' }),
      });
      if (!res.ok) throw new Error(`PATCH /experiments/${e.id}: ${res.status} ${await res.text()}`);
    }
  }
  const list = (await (await fetch(`${origin}/admin/api/v1/productLooks?limit=50`, { headers })).json()) as {
    data: { id: number; title: string }[];
  };
  const look = [...list.data].sort((a, b) => a.id - b.id)[0];
  if (!look) throw new Error('the demo store has no look');
  return look;
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-storefront-cost-'));
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    const dist = path.join(tmp, 'no-spa');
    fs.mkdirSync(dist);
    server = await startServer({
      dist,
      dataDir: path.join(tmp, 'data'),
      seedDemo: true,
      readyPath: '/api/dev/session-token',
      niceness: NICENESS,
    });
    const look = await firstLook(server.origin);
    const withUrl = `${server.origin}/storefront/products/${encodeURIComponent(PRODUCT)}?look=${look.id}`;
    const withoutUrl = `${withUrl}&blocks=none`;
    const page = await (await fetch(withUrl)).text();
    const template = /data-sl-template="([^"]*)"/.exec(page)?.[1];
    if (!template) throw new Error(`no look block on ${withUrl}`);
    log(`${server.origin}: ${PRODUCT} with look ${look.id} (${look.title}), template ${template}`);

    if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
    browser = await openBrowser({ niceness: NICENESS, tmpDir: tmp });
    const external = new Set<string>();
    const measure = async (label: string, url: string, run: number): Promise<CostSample> => {
      const result = await browser!.run(url);
      if (REPORTS) fs.writeFileSync(path.join(REPORTS, `${label}-${run}.json`), result.report);
      result.external.forEach((u) => external.add(u));
      const data = dataRequests(result.report, server!.origin);
      const sample: CostSample = { ...result.sample, dataRequests: data.length };
      log(
        `  ${label.padEnd(8)} run ${run}: LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms, CLS ${sample.cls.toFixed(3)}, ` +
          `JS ${(sample.scriptBytes / 1024).toFixed(1)} KB, data requests ${data.length}${data.length ? ` (${data.join(', ')})` : ''}`,
      );
      return sample;
    };

    log('warm-up');
    await browser.run(withoutUrl);
    await browser.run(withUrl);
    const without: CostSample[] = [];
    const withBlock: CostSample[] = [];
    for (let run = 1; run <= RUNS; run++) {
      log(`round ${run} of ${RUNS} (load average ${os.loadavg()[0].toFixed(1)})`);
      if (run % 2) {
        without.push(await measure('without', withoutUrl, run));
        withBlock.push(await measure('with', withUrl, run));
      } else {
        withBlock.push(await measure('with', withUrl, run));
        without.push(await measure('without', withoutUrl, run));
      }
    }
    if (external.size)
      throw new Error(`the pages requested something outside the local server: ${[...external].join(', ')}`);

    const result = summarize(without, withBlock, gzipSync(fs.readFileSync(SCRIPT), { level: 9 }).length);
    const { version } = JSON.parse(fs.readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as {
      version: string;
    };
    process.stdout.write(
      `Storefront cost of the look block (template ${template}) on the demo product page ${PRODUCT}: Lighthouse ${version}, ` +
        `mobile preset (simulated slow 4G, 4× CPU), Chromium headless; ` +
        (NICENESS ? `Chromium and server at nice ${NICENESS}; ` : '') +
        `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; ${new Date().toISOString().slice(0, 10)}.\n\n`,
    );
    process.stdout.write(`${renderCostTable(result)}\n`);
    process.stdout.write(
      `\nGoals: added JS ≤ 10 KB gzip, 0 added requests to the app's data endpoints, TBT +≤ 30 ms, LCP +≤ 100 ms.\n`,
    );
    if (costRows(result).some((row) => !row.pass)) process.exitCode = 1;
  } finally {
    await browser?.close();
    await server?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
