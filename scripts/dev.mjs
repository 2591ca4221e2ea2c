#!/usr/bin/env node
/**
 * `npm run dev`: the backend on API_PORT (default 3001, restarted on change by
 * tsx watch) and webpack-dev-server with hot reload on PORT (default 3000),
 * proxying the API to the backend. Both listen on loopback: the dev server on
 * HOST (default 127.0.0.1), the backend on API_HOST (default 127.0.0.1). The
 * proxy keeps the browser's Host header, which the backend checks (localhost,
 * 127.0.0.1, [::1], APP_URL's host, ALLOWED_HOSTS).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '3001';
const port = process.env.PORT ?? '3000';
const host = process.env.HOST || '127.0.0.1';
const apiHost = process.env.API_HOST || '127.0.0.1';
if (!/^(127\.|localhost$|::1$|\[::1\]$)/.test(host)) {
  console.warn(
    `HOST=${host}: the dev server is reachable from other machines; add the name they use to ALLOWED_HOSTS.`,
  );
}

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/index.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: apiHost, APP_URL: process.env.APP_URL ?? `http://localhost:${port}` },
  }),
  spawn(bin('webpack'), ['serve', '--mode', 'development', '--host', host], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
