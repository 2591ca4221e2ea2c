import sharp from 'sharp';

/**
 * What both image-provider stand-ins share: they really make an image (the input photos laid out
 * on a grid, so tests can check the result), remember where each photo went, and answer the
 * hotspot finder with those boxes for any image they know (their own, or one a test registers).
 * Images are recognised by a 16 × 16 difference hash, so re-encoding (JPEG, resizing) keeps them.
 */

/** A box as both providers answer it: [ymin, xmin, ymax, xmax], 0–1000. */
export type Box2d = [number, number, number, number];

/**
 * Failures a test asks for by putting a marker into the prompt (the merchant's custom prompt ends
 * up there): `[standin:policy]`, `[standin:busy]` (429 every time), `[standin:busy-once]` (one 429,
 * then success), `[standin:slow]` (answers after `slowMs`), `[standin:oversize]`, `[standin:error]` (500).
 */
export type StandInTrigger = 'policy' | 'busy' | 'busy-once' | 'slow' | 'oversize' | 'error';

export function triggerIn(text: string): StandInTrigger | null {
  const m = /\[standin:(policy|busy-once|busy|slow|oversize|error)\]/.exec(text);
  return (m?.[1] as StandInTrigger | undefined) ?? null;
}

async function dHash(image: Buffer): Promise<bigint> {
  const { data } = await sharp(image)
    .removeAlpha()
    .greyscale()
    .resize(17, 16, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let hash = 0n;
  for (let y = 0; y < 16; y++)
    for (let x = 0; x < 16; x++) hash = (hash << 1n) | (data[y * 17 + x] > data[y * 17 + x + 1] ? 1n : 0n);
  return hash;
}

const distance = (a: bigint, b: bigint) => {
  let v = a ^ b;
  let n = 0;
  while (v) {
    n += Number(v & 1n);
    v >>= 1n;
  }
  return n;
};

export class Studio {
  private readonly known: Array<{ hash: bigint; boxes: Box2d[] }> = [];
  /** Triggers seen once (`busy-once`): the second request of the same prompt succeeds. */
  private readonly seenOnce = new Set<string>();

  /** The hotspot finder answers these boxes (one per product, in the products' order) for this image. */
  async know(image: Buffer, boxes: Box2d[]): Promise<void> {
    this.known.push({ hash: await dHash(image), boxes });
  }

  /** The boxes of a known image (nearest hash within 20 of 256 bits), else none. */
  async boxesOf(image: Buffer): Promise<Box2d[]> {
    const hash = await dHash(image);
    let best: { d: number; boxes: Box2d[] } | null = null;
    for (const k of this.known) {
      const d = distance(hash, k.hash);
      if (d <= 20 && (!best || d < best.d)) best = { d, boxes: k.boxes };
    }
    return best?.boxes ?? [];
  }

  /** `busy-once`: true the first time a prompt is seen. */
  firstTime(prompt: string): boolean {
    if (this.seenOnce.has(prompt)) return false;
    this.seenOnce.add(prompt);
    return true;
  }

  /**
   * Lays the photos out on a grid of a width × height canvas (one cell each, the photo inset so
   * cells do not touch), remembers the boxes and answers the PNG.
   */
  async compose(photos: Buffer[], width: number, height: number): Promise<Buffer> {
    const columns = Math.ceil(Math.sqrt(photos.length));
    const rows = Math.ceil(photos.length / columns);
    const cellW = Math.floor(width / columns);
    const cellH = Math.floor(height / rows);
    const inset = 0.12;
    const layers: sharp.OverlayOptions[] = [];
    const boxes: Box2d[] = [];
    for (const [i, photo] of photos.entries()) {
      const left = (i % columns) * cellW + Math.round(cellW * inset);
      const top = Math.floor(i / columns) * cellH + Math.round(cellH * inset);
      const w = Math.round(cellW * (1 - 2 * inset));
      const h = Math.round(cellH * (1 - 2 * inset));
      layers.push({ input: await sharp(photo).resize(w, h, { fit: 'cover' }).toBuffer(), left, top });
      boxes.push([
        Math.round((top / height) * 1000),
        Math.round((left / width) * 1000),
        Math.round(((top + h) / height) * 1000),
        Math.round(((left + w) / width) * 1000),
      ]);
    }
    const png = await sharp({ create: { width, height, channels: 3, background: '#efe9df' } })
      .composite(layers)
      .png()
      .toBuffer();
    await this.know(png, boxes);
    return png;
  }
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });
