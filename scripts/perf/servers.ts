/**
 * Builds and local servers of `npm run perf`: the app's production build and
 * the floor's (same webpack config, own entry), each served by the real
 * backend on 127.0.0.1 (same compression and cache headers), the app with a
 * fresh demo database in a temp DATA_DIR, the floor without a seed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/** The pages `npm run perf` builds: the app, the floor (floor/index.tsx) and the stack floor (floor/stack.tsx). */
export type PerfPage = 'app' | 'floor' | 'stack';

/** Production build of `page` into `dist`, its stats (webpack.config.ts, STATS_FILE) into `<dist>.stats.json`. */
export function build(dist: string, page: PerfPage): number {
  const started = Date.now();
  const args = [
    '--mode',
    'production',
    ...(page === 'app' ? [] : ['--config', path.join(__dirname, 'floor.webpack.config.ts')]),
  ];
  const result = spawnSync(bin('webpack'), args, {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: dist, FLOOR_DIST_DIR: dist, FLOOR_PAGE: page, STATS_FILE: `${dist}.stats.json` },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`webpack (${page}) failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - started;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Server {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts the backend (tsx server/index.ts, under `nice -n niceness` when not 0)
 * on a free port of 127.0.0.1 serving `dist`; resolves once `readyPath` answers 200.
 */
export async function startServer(opts: {
  dist: string;
  dataDir: string;
  seedDemo: boolean;
  readyPath: string;
  niceness: number;
}): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const command = opts.niceness ? ['nice', '-n', String(opts.niceness), bin('tsx')] : [bin('tsx')];
  const child: ChildProcess = spawn(command[0], [...command.slice(1), 'server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: origin,
      APP_MODE: 'standalone',
      DATABASE_URL: '',
      DATA_DIR: opts.dataDir,
      DIST_DIR: opts.dist,
      SEED_DEMO: opts.seedDemo ? '1' : '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    try {
      const res = await fetch(origin + opts.readyPath);
      if (res.status === 200) return { origin, stop };
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 300_000) {
      await stop();
      throw new Error(`server did not answer within 300 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
