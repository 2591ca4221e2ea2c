import sharp from 'sharp';
import type { ImageType } from '../../../src/contracts/gallery';
import { positionFromPixels, type GeneratedItemPosition } from '../../../src/contracts/hotspots';
import { loadImage, type LookImages } from './generatorImages';
import type { ShopFileReader } from '../../storage';

export interface GenerationRequest {
  generationId: number;
  shopId: number;
  imageType: ImageType;
  customPrompt: string | null;
  look: LookImages;
  signal: AbortSignal;
}

/** A made image and where it shows the look's products (percent of the image). */
export interface GeneratedImage {
  jpeg: Buffer;
  positions: GeneratedItemPosition[];
}

/**
 * Makes one image for a look: JPEG bytes, or the bytes with the products' positions. Throws (with
 * a readable message) on failure. A bare Buffer means "positions unknown".
 */
export interface ImageGenerator {
  readonly name: string;
  /** How long one generation may take at most (a provider's timeout and retries); the job timeout is at least this. */
  readonly timeoutMs?: number;
  generate(request: GenerationRequest): Promise<Buffer | GeneratedImage>;
}

/** A generator that always reports where it put the products. */
export interface PositioningImageGenerator extends ImageGenerator {
  generate(request: GenerationRequest): Promise<GeneratedImage>;
}

/** Up to this many product photos go into one composition. */
export const MAX_COMPOSED_PRODUCTS = 7;

/** Where a layer was drawn (pixels of the composed image). */
interface Placed {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Marker a test or demo puts in the custom prompt to force a failure. Only the
 * local generator in APP_MODE=standalone honours it (e2e uses it to check the
 * failure message and the refund); in shopify mode it is an ordinary prompt.
 */
export const FORCE_FAIL_MARKER = '[fail]';
/** Same rules: `[slow]` makes the local generator take 3 s more (to watch the live status). */
export const SLOW_MARKER = '[slow]';
const SLOW_MS = 3000;

const FLAT_LAY = { width: 1200, height: 1200 };
const MODEL = { width: 900, height: 1200 };

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Soft background (gradient and a faint texture) as SVG. */
function background(width: number, height: number, type: ImageType): Buffer {
  const [a, b] = type === 'flat_lay' ? ['#f4efe6', '#e6ddcf'] : ['#eef0f3', '#d9dde4'];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
      <pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1" fill="#000" fill-opacity="0.035"/></pattern></defs>
      <rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#p)"/></svg>`,
  );
}

/** A product photo as a white-bordered card with rounded corners, optionally rotated. */
async function card(
  image: Buffer,
  size: number,
  rotate: number,
): Promise<{ input: Buffer; width: number; height: number }> {
  const border = Math.round(size * 0.04);
  const inner = size - border * 2;
  const photo = await sharp(image).resize(inner, inner, { fit: 'cover' }).toBuffer();
  const radius = Math.round(size * 0.03);
  const mask = Buffer.from(
    `<svg width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#fff"/></svg>`,
  );
  let framed = sharp({ create: { width: size, height: size, channels: 4, background: '#ffffff' } })
    .composite([
      { input: photo, left: border, top: border },
      { input: mask, blend: 'dest-in' },
    ])
    .png();
  if (rotate)
    framed = sharp(await framed.toBuffer())
      .rotate(rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png();
  const input = await framed.toBuffer();
  const meta = await sharp(input).metadata();
  return { input, width: meta.width ?? size, height: meta.height ?? size };
}

/** A blurred dark rectangle under a card. */
async function shadow(width: number, height: number): Promise<Buffer> {
  const pad = 30;
  const svg = `<svg width="${width + pad * 2}" height="${height + pad * 2}"><rect x="${pad}" y="${pad}" width="${width}" height="${height}" rx="16" fill="#000" fill-opacity="0.22"/></svg>`;
  return sharp(Buffer.from(svg)).blur(12).png().toBuffer();
}

function caption(width: number, y: number, text: string, size: number): Buffer {
  return Buffer.from(
    `<svg width="${width}" height="${size * 2}"><text x="50%" y="${size * 1.3}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" letter-spacing="3" fill="#2b2b2b">${escapeXml(text.toUpperCase()).slice(0, 60)}</text></svg>`,
  );
}

/** Positions of up to MAX_COMPOSED_PRODUCTS items in a flat lay: main product large in the centre-left, others around it. */
function flatLaySlots(count: number): Array<{ x: number; y: number; size: number; rotate: number }> {
  const { width, height } = FLAT_LAY;
  const main = { x: 110, y: 170, size: 560, rotate: -3 };
  const around = [
    { x: 730, y: 110, size: 340, rotate: 4 },
    { x: 760, y: 500, size: 320, rotate: -5 },
    { x: 160, y: 780, size: 300, rotate: 5 },
    { x: 520, y: 820, size: 290, rotate: -2 },
    { x: 850, y: 860, size: 250, rotate: 6 },
    { x: 60, y: 40, size: 180, rotate: -7 },
  ];
  void width;
  void height;
  return [main, ...around].slice(0, count);
}

/**
 * The default generator: really composes an image from the look's product
 * photos with sharp. flat_lay = a styled arrangement on a background; model =
 * a portrait lookbook page (hero photo, item strip, title). The positions it
 * answers are the rectangles it drew each product's photo into.
 */
export function createLocalGenerator(options: {
  files: ShopFileReader;
  allowFailMarker: boolean;
}): PositioningImageGenerator {
  return {
    name: 'local',
    async generate(req) {
      if (options.allowFailMarker && req.customPrompt?.includes(FORCE_FAIL_MARKER)) {
        throw new Error('Generation failed on purpose ([fail] marker in the custom prompt)');
      }
      if (options.allowFailMarker && req.customPrompt?.includes(SLOW_MARKER)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, SLOW_MS);
          req.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      const products = req.look.products.filter((p) => !!p.image).slice(0, MAX_COMPOSED_PRODUCTS);
      if (!products.length) throw new Error('The look has no product images');
      const images = await Promise.all(products.map((p) => loadImage(options.files, req.shopId, p.image)));
      if (req.signal.aborted) throw new Error('Generation cancelled');
      const size = req.imageType === 'flat_lay' ? FLAT_LAY : MODEL;
      const { jpeg, placed } =
        req.imageType === 'flat_lay' ? await flatLay(images, req.look.title) : await model(images, req.look.title);
      return {
        jpeg,
        positions: placed.map((rect, i) => positionFromPixels(products[i].productId, rect, size, 'composed')),
      };
    },
  };
}

/** The composed JPEG and the rectangle each photo was drawn into (same order as the photos). */
interface Composition {
  jpeg: Buffer;
  placed: Placed[];
}

async function flatLay(images: Buffer[], title: string): Promise<Composition> {
  const { width, height } = FLAT_LAY;
  const layers: sharp.OverlayOptions[] = [];
  const slots = flatLaySlots(images.length);
  const cards = await Promise.all(images.map((img, i) => card(img, slots[i].size, slots[i].rotate)));
  // Smaller items first so the main product lies on top.
  const order = cards.map((_, i) => i).reverse();
  for (const i of order) {
    const c = cards[i];
    const s = slots[i];
    layers.push({ input: await shadow(c.width, c.height), left: Math.max(0, s.x - 18), top: Math.max(0, s.y - 12) });
    layers.push({ input: c.input, left: s.x, top: s.y });
  }
  layers.push({ input: caption(width, height - 70, title, 26), left: 0, top: height - 62 });
  const jpeg = await sharp(background(width, height, 'flat_lay'))
    .composite(layers)
    .jpeg({ quality: 86, mozjpeg: false })
    .toBuffer();
  // A rotated card's bounding box: the photo's centre is the box's centre.
  return {
    jpeg,
    placed: cards.map((c, i) => ({ left: slots[i].x, top: slots[i].y, width: c.width, height: c.height })),
  };
}

async function model(images: Buffer[], title: string): Promise<Composition> {
  const { width, height } = MODEL;
  const layers: sharp.OverlayOptions[] = [];
  const placed: Placed[] = [];
  const heroRect = { left: 40, top: 60, width: 620, height: 860 };
  const hero = await sharp(images[0]).resize(heroRect.width, heroRect.height, { fit: 'cover' }).toBuffer();
  layers.push({
    input: await shadow(heroRect.width, heroRect.height),
    left: heroRect.left - 30 + 8,
    top: heroRect.top - 30 + 12,
  });
  layers.push({ input: hero, left: heroRect.left, top: heroRect.top });
  placed.push(heroRect);
  const items = images.slice(1, 5);
  const size = 180;
  for (const [i, img] of items.entries()) {
    const c = await card(img, size, 0);
    const rect = { left: 690, top: 60 + i * (size + 20), width: c.width, height: c.height };
    layers.push({ input: c.input, left: rect.left, top: rect.top });
    placed.push(rect);
  }
  const strip = images.slice(5, 7);
  for (const [i, img] of strip.entries()) {
    const c = await card(img, 150, 0);
    const rect = { left: 40 + i * 170, top: 940, width: c.width, height: c.height };
    layers.push({ input: c.input, left: rect.left, top: rect.top });
    placed.push(rect);
  }
  layers.push({ input: caption(width, 0, title, 30), left: 0, top: height - 110 });
  layers.push({ input: caption(width, 0, 'Lookbook', 16), left: 0, top: height - 60 });
  const jpeg = await sharp(background(width, height, 'model'))
    .composite(layers)
    .jpeg({ quality: 86 })
    .toBuffer();
  return { jpeg, placed };
}
