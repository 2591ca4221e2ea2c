#!/usr/bin/env node
/**
 * `npm start`: builds the SPA in production mode when dist/ is missing or older
 * than its sources, then starts the reference backend, which serves the SPA and
 * the API on PORT (default 3000) with the embedded database and demo store.
 * It listens on 127.0.0.1 unless HOST names another interface (see README).
 */
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

// DIST_DIR (default ./dist) is where webpack builds and where the server reads the SPA from.
const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const built = path.join(distDir, 'index.html');
const sources = [
  'src',
  'public',
  'translations',
  'webpack.config.ts',
  'scripts/build',
  'babel.config.js',
  'package.json',
];
const stale =
  !fs.existsSync(built) || sources.some((s) => newestMtime(path.join(root, s)) > fs.statSync(built).mtimeMs);
if (stale) {
  console.log('Building the admin app (production)…');
  const result = spawnSync(bin('webpack'), ['--mode', 'production'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DIST_DIR: distDir },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(bin('tsx'), ['server/index.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DIST_DIR: distDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
