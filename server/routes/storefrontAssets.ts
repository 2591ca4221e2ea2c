import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The theme app extension's assets (the Shopify CDN serves them on a real store). */
export const EXTENSION_ASSETS_DIR = path.resolve(__dirname, '..', '..', 'extensions', 'looks-theme', 'assets');
export const STOREFRONT_ASSETS_PREFIX = '/storefront/assets/';

/** The files the demo storefront and the layout preview load, exactly these (no directory listing, no other path). */
const ASSETS: Record<string, string> = {
  'looks.js': 'text/javascript; charset=utf-8',
  'looks-ab.js': 'text/javascript; charset=utf-8',
  'looks-popup.js': 'text/javascript; charset=utf-8',
  'looks-offer.js': 'text/javascript; charset=utf-8',
  'looks.css': 'text/css; charset=utf-8',
};

interface Cached {
  mtimeMs: number;
  body: Buffer;
  etag: string;
}

/** GET /storefront/assets/looks.{js,css}, looks-ab.js, looks-popup.js, looks-offer.js: public, revalidated after 5 minutes (ETag), nosniff. */
export default async function storefrontAssetRoutes(app: FastifyInstance) {
  const cache = new Map<string, Cached>();

  async function load(file: string): Promise<Cached | null> {
    const full = path.join(EXTENSION_ASSETS_DIR, file);
    const stat = await fs.stat(full).catch(() => null);
    if (!stat?.isFile()) return null;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stat.mtimeMs) return hit;
    const body = await fs.readFile(full);
    const entry = {
      mtimeMs: stat.mtimeMs,
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    };
    cache.set(file, entry);
    return entry;
  }

  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`${STOREFRONT_ASSETS_PREFIX}${file}`, async (req, reply) => {
      const asset = await load(file);
      if (!asset) return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      reply
        .header('Cache-Control', 'public, max-age=300')
        .header('ETag', asset.etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .type(type);
      if (req.headers['if-none-match'] === asset.etag) return reply.status(304).send();
      return reply.send(asset.body);
    });
  }
}
