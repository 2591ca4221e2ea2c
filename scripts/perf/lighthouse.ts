/**
 * One Lighthouse run (mobile preset: simulated slow 4G and 4× CPU slowdown,
 * performance category only) against a page of a local server, in a headless
 * Chromium started once by chrome-launcher. Lighthouse is ESM-only: loaded
 * with import().
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Sample } from './table';

export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium flags: headless, and nothing that reaches out (updates, sync, metrics, field trials). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-domain-reliability',
  '--disable-field-trial-config',
  '--no-pings',
  '--disable-quic',
];

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

export interface LighthouseResult {
  sample: Sample;
  /** Requests to anything but the local server (must be none: the run downloads nothing). */
  external: string[];
  /** The full Lighthouse report (JSON), kept for the diagnostics. */
  report: string;
}

export interface Browser {
  run(url: string): Promise<LighthouseResult>;
  close(): Promise<void>;
}

/**
 * Starts Chromium (through `nice -n <niceness>` when given: on a machine busy
 * with other work, a raised priority keeps the scheduler's pauses out of the
 * measured tasks; both pages get the same). `tmpDir` holds the wrapper script.
 */
export async function openBrowser({ niceness, tmpDir }: { niceness: number; tmpDir: string }): Promise<Browser> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  let chromePath = CHROME_PATH;
  if (niceness) {
    chromePath = path.join(tmpDir, 'chromium-niced.sh');
    fs.writeFileSync(chromePath, `#!/bin/sh\nexec nice -n ${niceness} ${JSON.stringify(CHROME_PATH)} "$@"\n`, {
      mode: 0o755,
    });
  }
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  return {
    async run(url) {
      // A busy machine now and then spoils a trace (NO_NAVSTART, NO_FCP…): such a run is repeated, twice at most.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const error = result.lhr.runtimeError;
        if (!error) break;
        if (attempt === 3) throw new Error(`Lighthouse: ${error.code} ${error.message} (${url})`);
        process.stderr.write(`  (${error.code} on ${url}: run again)\n`);
      }
      const { lhr } = result;
      const audit = (id: string) => {
        const value = lhr.audits[id]?.numericValue;
        if (typeof value !== 'number')
          throw new Error(`Lighthouse: no ${id} for ${url} (${lhr.runWarnings.join('; ')})`);
        return value;
      };
      const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ??
        []) as NetworkRequest[];
      const origin = new URL(url).origin;
      return {
        sample: {
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          scriptBytes: requests
            .filter((r) => r.resourceType === 'Script')
            .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
          messageBytes: requests
            .filter((r) => new URL(r.url).pathname.startsWith('/assets/i18n/'))
            .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
        },
        external: requests.map((r) => r.url).filter((u) => /^(https?|wss?):/.test(u) && !u.startsWith(origin)),
        report: result.report as string,
      };
    },
    async close() {
      chrome.kill();
    },
  };
}
