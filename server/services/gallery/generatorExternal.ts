import sharp from 'sharp';
import type { GeneratedImage, PositioningImageGenerator } from './generator';
import { externalItemPositions } from './generatorExternalBoxes';

export interface ExternalGeneratorOptions {
  url: string;
  apiKey?: string;
  /** Makes the look's relative image URLs absolute for the remote service. */
  appUrl: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const MAX_BYTES = 20 * 1024 * 1024;

/**
 * Calls an external image API (IMAGE_API_URL, IMAGE_API_KEY): POST JSON
 * { imageType, prompt, title, images[], items[], returnBoxes: true } with a
 * bearer key (items: { productId, image, main } per photo, in the order of
 * images); the answer is an image (any format sharp reads) or JSON
 * { imageBase64 } / { imageUrl }, which may add `boxes` where the service
 * placed the items (see generatorExternalBoxes.ts). Items without a usable
 * box get the fallback grid. The result is stored as JPEG like the local
 * generator's.
 */
export function createExternalGenerator(options: ExternalGeneratorOptions): PositioningImageGenerator {
  const fetchImpl = options.fetchImpl ?? fetch;
  const absolute = (u: string) => (/^https?:\/\//i.test(u) ? u : `${options.appUrl}${u.startsWith('/') ? '' : '/'}${u}`);
  return {
    name: 'external',
    async generate(req) {
      const controller = new AbortController();
      const abort = () => controller.abort();
      req.signal.addEventListener('abort', abort);
      const timer = setTimeout(abort, options.timeoutMs ?? 60000);
      try {
        const products = req.look.products.filter((p) => !!p.image);
        const images = products.map((p) => absolute(p.image));
        const items = products.map((p, i) => ({ productId: p.productId, image: images[i], main: p.main }));
        const res = await fetchImpl(options.url, {
          method: 'POST',
          signal: controller.signal,
          headers: {
            'content-type': 'application/json',
            accept: 'image/*, application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ imageType: req.imageType, prompt: req.customPrompt ?? '', title: req.look.title, images, items, returnBoxes: true }),
        });
        if (!res.ok) {
          const text = await res.text().catch(() => '');
          let message = text.slice(0, 200);
          try {
            message = (JSON.parse(text) as { message?: string; error?: string }).message ?? (JSON.parse(text) as { error?: string }).error ?? message;
          } catch {
            /* plain text */
          }
          throw new Error(`Image service error ${res.status}${message ? `: ${message}` : ''}`);
        }
        const type = res.headers.get('content-type') ?? '';
        let bytes: Buffer;
        let answer: unknown = null;
        if (type.includes('application/json')) {
          const body = (await res.json()) as { imageBase64?: string; imageUrl?: string };
          answer = body;
          if (body.imageBase64) bytes = Buffer.from(body.imageBase64, 'base64');
          else if (body.imageUrl) {
            const img = await fetchImpl(body.imageUrl, { signal: controller.signal });
            if (!img.ok) throw new Error(`Image download failed (${img.status})`);
            bytes = Buffer.from(await img.arrayBuffer());
          } else throw new Error('Image service answered without an image');
        } else {
          bytes = Buffer.from(await res.arrayBuffer());
        }
        if (bytes.length > MAX_BYTES) throw new Error('Image service answered with a too large image');
        const { data: jpeg, info } = await sharp(bytes).jpeg({ quality: 88 }).toBuffer({ resolveWithObject: true });
        const result: GeneratedImage = { jpeg, positions: externalItemPositions(answer, items, { width: info.width, height: info.height }) };
        return result;
      } catch (error) {
        if (controller.signal.aborted) throw new Error('Image service timed out');
        throw error;
      } finally {
        clearTimeout(timer);
        req.signal.removeEventListener('abort', abort);
      }
    },
  };
}
