import sharp from 'sharp';
import type { GeneratedItemPosition } from '../../src/contracts/hotspots';
import type { LookProductImage } from '../services/gallery/generatorImages';
import type { FileStorage } from '../storage';

/**
 * Product photos of one saturated colour each, far apart, so a test finds which product an image
 * shows at a point (local composer, provider stand-ins, the hotspot finder).
 */
/** Saturated colours far apart, one per product photo (JPEG keeps them recognisable). */
export const COLOURS: Array<[number, number, number]> = [
  [220, 20, 20],
  [20, 170, 40],
  [30, 60, 220],
  [240, 210, 20],
  [200, 30, 200],
  [20, 200, 210],
  [120, 60, 10],
];

/** Stores one solid-colour photo per product under catalog/ in the storage and answers the look's products. */
export async function colourProducts(storage: FileStorage, count: number): Promise<LookProductImage[]> {
  const products: LookProductImage[] = [];
  for (let i = 0; i < count; i++) {
    const [r, g, b] = COLOURS[i];
    const file = `colour-${i}.png`;
    await storage.put(
      `catalog/${file}`,
      await sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer(),
    );
    products.push({ productId: `gid://shopify/Product/${900 + i}`, image: `/files/catalog/${file}`, main: i === 0 });
  }
  return products;
}

/** The mean colour of a 9 × 9 patch of the image around a point given in percent. */
export async function sample(jpeg: Buffer, xPercent: number, yPercent: number): Promise<[number, number, number]> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const left = Math.min(width - 9, Math.max(0, Math.round((xPercent / 100) * width) - 4));
  const top = Math.min(height - 9, Math.max(0, Math.round((yPercent / 100) * height) - 4));
  const { data } = await sharp(jpeg)
    .extract({ left, top, width: 9, height: 9 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
  return sum.map((v) => v / (data.length / 3)) as [number, number, number];
}

const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The product whose colour is nearest to the sample (and how near). */
export function nearest(colour: [number, number, number]) {
  const ranked = COLOURS.map((c, i) => ({ i, d: distance(colour, c) })).sort((a, b) => a.d - b.d);
  return ranked[0];
}

/** Every position points at its own product's photo in the image, inside its box. */
export async function expectPositionsOnTheirPhotos(
  jpeg: Buffer,
  positions: GeneratedItemPosition[],
  products: LookProductImage[],
  source: GeneratedItemPosition['source'] = 'composed',
) {
  expect(positions.map((p) => p.productId)).toEqual(products.map((p) => p.productId));
  for (const [i, p] of positions.entries()) {
    expect(p.source).toBe(source);
    expect(p.box).toBeDefined();
    expect(p.x).toBeGreaterThanOrEqual(p.box!.left);
    expect(p.x).toBeLessThanOrEqual(p.box!.left + p.box!.width);
    expect(p.y).toBeGreaterThanOrEqual(p.box!.top);
    expect(p.y).toBeLessThanOrEqual(p.box!.top + p.box!.height);
    const match = nearest(await sample(jpeg, p.x, p.y));
    expect({ product: i, found: match.i }).toEqual({ product: i, found: i });
    expect(match.d).toBeLessThan(40);
  }
}
