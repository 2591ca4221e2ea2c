import type { FastifyInstance } from 'fastify';
import type { HotspotSuggestResponse } from '../../src/contracts/hotspots';
import { HttpError } from '../http/errors';
import { hitRateLimits, tooManyRequests } from '../http/rateLimitStore';
import { adminRoute } from '../http/adminRoute';
import { loadImage } from '../services/gallery/generatorImages';
import { createImageProvider } from '../services/gallery/providers';
import { ProviderFailure } from '../services/gallery/providers/failure';
import { shopFilesOf } from '../storage';

/** Each call is a paid vision request: at most this many per shop and hour. */
const HOURLY_LIMIT = 60;
const HOUR_MS = 60 * 60 * 1000;

/**
 * An image the server may read for the vision model: this app's own files, or an https image on
 * the platform's CDN (product photos). Any other URL is refused, so the route fetches nothing else.
 */
function readableImage(url: string, appUrl: string): boolean {
  if (url.startsWith('/files/')) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(appUrl).origin) return parsed.pathname.startsWith('/files/');
  return parsed.protocol === 'https:' && parsed.hostname === 'cdn.shopify.com';
}

/** Hotspot suggestions: the configured provider's vision model finds the look's products in an image. */
export default async function hotspotRoutes(app: FastifyInstance) {
  const { db, config, now } = app.deps;
  const files = shopFilesOf(config);
  const provider = createImageProvider(config.imageProvider, {
    db,
    files,
    appUrl: config.appUrl,
    log: app.log,
    allowFailMarker: false,
  });
  const detector = app.deps.gallery?.detector !== undefined ? app.deps.gallery.detector : provider.detector;

  adminRoute(app, 'POST /productLooks/hotspots', async (req): Promise<HotspotSuggestResponse> => {
    if (!detector) return { provider: 'local', positions: [] };
    if (!readableImage(req.body.imageUrl, config.appUrl))
      throw new HttpError(400, 'Looks.hotspots.errors.image', 'hotspots.image');
    const key = `hotspots:${req.shop.id}`;
    const hit = (await hitRateLimits(db, [{ key, windowMs: HOUR_MS }], now())).get(key)!;
    if (hit.hits > HOURLY_LIMIT)
      throw tooManyRequests('Looks.hotspots.errors.rateLimited', hit.resetAt.getTime() - now().getTime());
    let image: Buffer;
    try {
      image = await loadImage(files, req.shop.id, req.body.imageUrl);
    } catch {
      throw new HttpError(400, 'Looks.hotspots.errors.image', 'hotspots.image');
    }
    try {
      const positions = await detector.detect({ image, products: req.body.products });
      return { provider: detector.name as HotspotSuggestResponse['provider'], positions };
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      req.log.warn({ provider: error.provider, kind: error.kind, detail: error.detail }, 'hotspot finder failed');
      // The generation's failure messages speak of a refunded credit: a search costs none, so it has its own.
      throw new HttpError(502, 'Looks.hotspots.errors.provider', `provider.${error.kind}`, undefined, undefined, {
        kind: error.kind,
      });
    }
  });
}
