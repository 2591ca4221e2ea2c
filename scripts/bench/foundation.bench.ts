/**
 * Foundation figures: first-load JS/CSS of `/` (the files index.html loads,
 * raw and gzip; lazy chunks excluded), the largest lazy chunk, and server cold
 * start (time to the first 200 of /api/dev/session-token) on a fresh data dir
 * (migrations + demo seed) and on an existing one.
 *
 * Uses BENCH_DIST_DIR when it holds a build, else builds into a temp dir.
 * Target: first-load JS of `/` ≤ 170 KB gzip.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from '../perf/servers';

export const name = 'foundation: bundle size and server cold start';

const ROOT = path.resolve(__dirname, '..', '..');
const TARGET_FIRST_LOAD_JS_GZIP = 170 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

function ensureBuild(): { dist: string; built: boolean; ms: number } {
  const given = process.env.BENCH_DIST_DIR;
  if (given && fs.existsSync(path.join(given, 'index.html'))) return { dist: path.resolve(given), built: false, ms: 0 };
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-bench-dist-'));
  const started = Date.now();
  const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: dist },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`webpack failed:\n${result.stdout}\n${result.stderr}`);
  return { dist, built: true, ms: Date.now() - started };
}

/** The JS and CSS files index.html itself loads (what `/` needs before anything lazy). */
export function firstLoadFiles(indexHtml: string): { js: string[]; css: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}=["']?([^"' >]+)`).exec(tag)?.[1];
  const js = [...indexHtml.matchAll(/<script\b[^>]*>/g)]
    .map((m) => attr(m[0], 'src'))
    .filter((s): s is string => !!s && s.startsWith('/assets/'));
  const css = [...indexHtml.matchAll(/<link\b[^>]*>/g)]
    .filter((m) => /rel=["']?stylesheet/.test(m[0]))
    .map((m) => attr(m[0], 'href'))
    .filter((s): s is string => !!s && s.startsWith('/assets/'));
  return { js, css };
}

function sizes(dist: string, files: string[]) {
  return files.reduce(
    (acc, f) => {
      const file = path.join(dist, f);
      return { raw: acc.raw + fs.statSync(file).size, gzip: acc.gzip + gzipSize(file) };
    },
    { raw: 0, gzip: 0 },
  );
}

/** Spawns the server and measures the time to its first 200 of /api/dev/session-token. */
async function coldStart(dist: string, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: dist,
      LOG_LEVEL: 'warn',
      APP_MODE: 'standalone',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early: ${stderr.slice(-2000)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/dev/session-token`);
        if (res.status === 200) return Date.now() - started;
      } catch {
        /* not listening yet */
      }
      if (Date.now() - started > 180_000) throw new Error('server did not answer within 180 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  }
}

export async function run(): Promise<Record<string, string | number>> {
  const { dist, built, ms } = ensureBuild();
  try {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const first = firstLoadFiles(html);
    const js = sizes(dist, first.js);
    const css = sizes(dist, first.css);
    const initial = new Set(first.js.map((f) => path.basename(f)));
    const lazy = fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js') && !initial.has(f))
      .map((f) => ({
        f,
        raw: fs.statSync(path.join(dist, 'assets', f)).size,
        gzip: gzipSize(path.join(dist, 'assets', f)),
      }))
      .sort((a, b) => b.gzip - a.gzip);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-bench-data-'));
    let fresh: number;
    let existing: number;
    try {
      fresh = await coldStart(dist, dataDir);
      existing = await coldStart(dist, dataDir);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }

    return {
      build: built ? `production build in ${(ms / 1000).toFixed(1)} s` : `existing build ${dist}`,
      'first-load JS of / (files)': first.js.map((f) => path.basename(f)).join(', '),
      'first-load JS of / raw': kb(js.raw),
      'first-load JS of / gzip': kb(js.gzip),
      'first-load JS target (≤ 170 KB gzip)':
        js.gzip <= TARGET_FIRST_LOAD_JS_GZIP ? 'met' : `MISSED by ${kb(js.gzip - TARGET_FIRST_LOAD_JS_GZIP)}`,
      'first-load CSS of / raw': kb(css.raw),
      'first-load CSS of / gzip': kb(css.gzip),
      'lazy JS chunks': lazy.length,
      'largest lazy chunk': lazy[0] ? `${lazy[0].f} ${kb(lazy[0].raw)} raw, ${kb(lazy[0].gzip)} gzip` : 'none',
      'server cold start, fresh data dir (migrate + seed)': `${fresh} ms`,
      'server cold start, existing data dir': `${existing} ms`,
    };
  } finally {
    if (built) fs.rmSync(dist, { recursive: true, force: true });
  }
}
