/**
 * Draws the demo catalog's product photos with sharp: a simple silhouette of the
 * product type in its colour on a soft studio background. Real JPEG files, so
 * the picker, widget and image generation all work on real pixels.
 */
import sharp from 'sharp';
import { FILES_PATH, type FileStorage } from '../storage';
import type { DemoProduct } from './catalogData';

const SHAPES: Record<DemoProduct['type'], string> = {
  shirt:
    'M210 140 L270 110 Q300 135 330 110 L390 140 L450 200 L410 245 L380 225 L380 480 L220 480 L220 225 L190 245 L150 200 Z',
  dress: 'M255 110 L345 110 L340 180 L360 220 L450 480 L150 480 L240 220 L260 180 Z',
  pants: 'M215 120 L385 120 L400 480 L320 480 L300 230 L280 480 L200 480 Z',
  shoes: 'M140 360 Q150 300 220 300 L300 320 Q360 330 420 350 Q470 365 465 410 L140 410 Z',
  bag: 'M170 230 L430 230 L460 470 L140 470 Z M240 230 Q240 140 300 140 Q360 140 360 230 L340 230 Q340 165 300 165 Q260 165 260 230 Z',
  hat: 'M120 380 Q300 420 480 380 Q470 350 400 345 Q395 220 300 215 Q205 220 200 345 Q130 350 120 380 Z',
  sunglasses:
    'M110 260 L490 260 L480 290 Q470 360 390 360 Q320 360 315 300 L285 300 Q280 360 210 360 Q130 360 120 290 Z',
  watch:
    'M260 110 L340 110 L345 215 A95 95 0 1 1 255 215 Z M300 240 A60 60 0 1 0 300.1 240 Z M255 385 L345 385 L340 490 L260 490 Z',
  jacket: 'M220 120 L300 150 L380 120 L460 190 L430 480 L320 480 L300 200 L280 480 L170 480 L140 190 Z',
  scarf: 'M230 110 L370 110 L360 300 L400 480 L330 480 L300 320 L270 480 L200 480 L240 300 Z',
};

function svgFor(product: DemoProduct, variant: number): string {
  const bg = variant === 0 ? ['#f7f4ef', '#e9e4da'] : ['#eef2f5', '#dde3e8'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <ellipse cx="300" cy="500" rx="190" ry="22" fill="#000" opacity="0.08"/>
  <g transform="${variant === 0 ? '' : 'translate(300 300) rotate(-8) translate(-300 -300)'}">
    <path d="${SHAPES[product.type]}" fill="${product.color}" fill-rule="evenodd" stroke="#00000022" stroke-width="3"/>
  </g>
</svg>`;
}

/**
 * Stores two photos per product under the shared `catalog/` prefix (app assets, not shop data:
 * drawn the same for every demo database; one already there is kept); returns their references
 * (/files/catalog/…) keyed by handle.
 */
export async function drawProductImages(products: DemoProduct[], storage: FileStorage): Promise<Map<string, string[]>> {
  const urls = new Map<string, string[]>();
  await Promise.all(
    products.map(async (product) => {
      const list: string[] = [];
      for (const variant of [0, 1]) {
        const key = `catalog/${product.handle}-${variant + 1}.jpg`;
        if (!(await storage.stat(key))) {
          await storage.put(
            key,
            await sharp(Buffer.from(svgFor(product, variant)))
              .jpeg({ quality: 82, mozjpeg: true })
              .toBuffer(),
          );
        }
        list.push(`${FILES_PATH}${key}`);
      }
      urls.set(product.handle, list);
    }),
  );
  return urls;
}
