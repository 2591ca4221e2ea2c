/**
 * Looks list under load: the real app (buildApp) on a seeded demo database,
 * started in-process on a free port; autocannon drives GET /productLooks at a
 * fixed 200 req/s, in phases interleaved with the trivial GET /shop at the same
 * rate (interleaved.ts): p99 also as a ratio to it. Target: p99 ≤ 25 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../server/app';
import { loadConfig, DEMO_SHOP_DOMAIN } from '../../server/config';
import { openDatabase } from '../../server/db';
import { seedDemo } from '../../server/demo';
import { signSessionToken } from '../../server/auth/sessionToken';
import { interleavedFigures, measureInterleaved } from './interleaved';

export const name = 'looks list (GET /admin/api/v1/productLooks, 200 req/s)';

const RATE = 200;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const TARGET_P99_MS = 25;
const ROUNDS = 3;

function fire(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function run(): Promise<Record<string, string | number>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'looks-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const handle = await openDatabase({});
  await seedDemo(handle.db, config);
  const app = await buildApp({ config, db: handle.db }, { logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}/admin/api/v1/productLooks`;
    // A session token of the demo shop lives one minute: sign one per run phase.
    const headers = async () => ({
      authorization: `Bearer ${await signSessionToken(DEMO_SHOP_DOMAIN, config.apiKey, config.apiSecret)}`,
    });

    const check = await fetch(`${base}?page=1&limit=10`, { headers: await headers() });
    const body = (await check.json()) as { data: unknown[]; paginationDetails: { totalItems: number } };
    if (!check.ok || !body.data.length) throw new Error(`list answered ${check.status}`);

    // Warm-up (JIT, query plans, pools), then the measured phases, interleaved with the baseline.
    await fire({
      url: `${base}?page=1&limit=10`,
      headers: await headers(),
      connections: 10,
      overallRate: RATE,
      duration: 3,
    });
    const measured = await measureInterleaved({
      origin: `http://127.0.0.1:${port}`,
      headers,
      rate: RATE,
      phaseSeconds: Math.max(2, Math.round(DURATION_S / ROUNDS)),
      rounds: ROUNDS,
      target: [
        { method: 'GET', path: '/admin/api/v1/productLooks?page=1&limit=10' },
        { method: 'GET', path: '/admin/api/v1/productLooks?page=1&limit=10&query=summer' },
      ],
    });
    return {
      'looks in demo data': body.paginationDetails.totalItems,
      'rate (req/s, fixed)': RATE,
      phases: `${ROUNDS} × (baseline, looks list) of ${Math.max(2, Math.round(DURATION_S / ROUNDS))} s`,
      ...interleavedFigures('looks list', measured, TARGET_P99_MS),
      'load average (1 min) / CPUs': `${os.loadavg()[0].toFixed(1)} / ${os.cpus().length}`,
    };
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
