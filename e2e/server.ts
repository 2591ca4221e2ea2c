import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
/** E2E_TMP lets parallel runs keep their databases and logs apart. */
export const TMP = process.env.E2E_TMP ? path.resolve(process.env.E2E_TMP) : path.join(ROOT, 'e2e', '.tmp');
export const TEMPLATE_DIR = path.join(TMP, 'template');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** What the server printed (its log file). */
  logFile: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real product (built SPA + backend) on a free port with the given data dir; extra `env`
 * (e.g. APP_MODE=shopify and its keys). Ready once `readyPath` answers 200 (shopify mode has no
 * dev session tokens: pass a static file such as /logo.svg).
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  readyPath = '/api/dev/session-token',
): Promise<RunningServer> {
  // A free port can be taken by another worker's server or stand-in before ours binds it:
  // a server that exits while starting is started again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(dataDir, env, readyPath);
    } catch (error) {
      if (!(error instanceof ExitedEarly) || attempt === 3) throw error;
    }
  }
}

class ExitedEarly extends Error {}

async function startOnce(dataDir: string, env: Record<string, string>, readyPath: string): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const logFile = path.join(TMP, `server-${port}-${process.pid}-${Date.now()}.log`);
  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new ExitedEarly(`Server exited early (see ${logFile})`);
    try {
      const res = await fetch(`${url}${readyPath}`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed test (it would hold its port and data dir).
      child.kill('SIGKILL');
      throw new Error(`Server did not start within 60 s (see ${logFile})`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    logFile,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** A fresh copy of the seeded template database (built once by globalSetup). */
export function cloneTemplate(name: string): string {
  const dir = path.join(TMP, `run-${name}-${process.pid}-${Date.now()}`);
  fs.cpSync(TEMPLATE_DIR, dir, { recursive: true });
  return dir;
}
