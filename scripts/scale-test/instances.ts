import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './postgres';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/**
 * The server runs as the spawned process itself (node with tsx's loader, no wrapper process in
 * between), in its own process group: SIGKILL reaches the server, and cleanup kills the group.
 */
const serverArgs = ['--import', 'tsx', 'server/index.ts'];

export function signal(app: Pick<AppProcess, 'child'>, sig: NodeJS.Signals): void {
  try {
    if (app.child.pid) process.kill(-app.child.pid, sig);
  } catch {
    // already gone
  }
}

export interface AppProcess {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  child: ChildProcess;
  alive(): boolean;
}

/** `npm run migrate` against the database (the release step), bounded. */
export async function migrate(env: Record<string, string>, log: string): Promise<void> {
  const child = spawn(tsx, ['scripts/migrate.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', fs.openSync(log, 'a'), fs.openSync(log, 'a')],
  });
  const code = await exitOf(child, 180_000);
  if (code !== 0) throw new Error(`npm run migrate exited ${code}: see ${log}`);
}

export function exitOf(child: ChildProcess, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => {
      signal({ child }, 'SIGKILL');
      child.kill('SIGKILL');
      resolve(null);
    }, ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** One app process (separate OS process) on its own port and data dir, logs to a file. */
export async function startApp(name: string, dir: string, env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = path.join(dir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const log = fs.openSync(path.join(dir, `${name}.log`), 'a');
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
    },
    stdio: ['ignore', log, log],
  });
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Waits for GET /readyz → 200 (bounded); the last answer is in the error. */
export async function waitReady(app: AppProcess, ms = 180_000): Promise<void> {
  const end = Date.now() + ms;
  let last = 'no answer';
  while (Date.now() < end) {
    if (!app.alive())
      throw new Error(
        `${app.name} exited (${app.child.exitCode ?? app.child.signalCode}) before it was ready; see its log`,
      );
    try {
      const res = await fetch(`${app.url}/readyz`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${app.name} not ready after ${ms} ms: ${last}`);
}
