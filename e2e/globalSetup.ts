import fs from 'node:fs';
import path from 'node:path';
import { startServer, TEMPLATE_DIR, TMP, ROOT } from './server';

const DIST = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist');

/** Seeds the demo store once into a template data dir; every spec file starts from a copy of it. */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    throw new Error('Build the SPA first (npm run build); npm run test:e2e does it.');
  }
  fs.rmSync(TMP, { recursive: true, force: true });
  fs.mkdirSync(TMP, { recursive: true });
  const server = await startServer(TEMPLATE_DIR);
  await server.stop();
}
