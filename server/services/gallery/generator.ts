import sharp from 'sharp';
import type { ImageType } from '../../../src/contracts/gallery';
import { loadImage, type LookImages } from './generatorImages';

export interface GenerationRequest {
  generationId: number;
  shopId: number;
  imageType: ImageType;
  customPrompt: string | null;
  look: LookImages;
  signal: AbortSignal;
}

/** Makes one image for a look; returns JPEG bytes. Throws (with a readable message) on failure. */
export interface ImageGenerator {
  readonly name: string;
  generate(request: GenerationRequest): Promise<Buffer>;
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
async function card(image: Buffer, size: number, rotate: number): Promise<{ input: Buffer; width: number; height: number }> {
  const border = Math.round(size * 0.04);
  const inner = size - border * 2;
  const photo = await sharp(image).resize(inner, inner, { fit: 'cover' }).toBuffer();
  const radius = Math.round(size * 0.03);
  const mask = Buffer.from(`<svg width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#fff"/></svg>`);
  let framed = sharp({ create: { width: size, height: size, channels: 4, background: '#ffffff' } })
    .composite([{ input: photo, left: border, top: border }, { input: mask, blend: 'dest-in' }])
    .png();
  if (rotate) framed = sharp(await framed.toBuffer()).rotate(rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png();
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

/** Positions of up to 7 items in a flat lay: main product large in the centre-left, others around it. */
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
 * a portrait lookbook page (hero photo, item strip, title).
 */
export function createLocalGenerator(options: { filesDir: string; allowFailMarker: boolean; appUrl?: string }): ImageGenerator {
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
      const sources = [req.look.mainImage, ...req.look.itemImages].filter((u): u is string => !!u).slice(0, 7);
      if (!sources.length) throw new Error('The look has no product images');
      const images = await Promise.all(sources.map((u) => loadImage(options.filesDir, u, fetch, options.appUrl)));
      if (req.signal.aborted) throw new Error('Generation cancelled');
      return req.imageType === 'flat_lay' ? flatLay(images, req.look.title) : model(images, req.look.title);
    },
  };
}

async function flatLay(images: Buffer[], title: string): Promise<Buffer> {
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
  return sharp(background(width, height, 'flat_lay'))
    .composite(layers)
    .jpeg({ quality: 86, mozjpeg: false })
    .toBuffer();
}

async function model(images: Buffer[], title: string): Promise<Buffer> {
  const { width, height } = MODEL;
  const layers: sharp.OverlayOptions[] = [];
  const hero = await sharp(images[0]).resize(620, 860, { fit: 'cover' }).toBuffer();
  layers.push({ input: await shadow(620, 860), left: 40 - 30 + 8, top: 60 - 30 + 12 });
  layers.push({ input: hero, left: 40, top: 60 });
  const items = images.slice(1, 5);
  const size = 180;
  for (const [i, img] of items.entries()) {
    const c = await card(img, size, 0);
    layers.push({ input: c.input, left: 690, top: 60 + i * (size + 20) });
  }
  const strip = images.slice(5, 7);
  for (const [i, img] of strip.entries()) {
    const c = await card(img, 150, 0);
    layers.push({ input: c.input, left: 40 + i * 170, top: 940 });
  }
  layers.push({ input: caption(width, 0, title, 30), left: 0, top: height - 110 });
  layers.push({ input: caption(width, 0, 'Lookbook', 16), left: 0, top: height - 60 });
  return sharp(background(width, height, 'model')).composite(layers).jpeg({ quality: 86 }).toBuffer();
}
