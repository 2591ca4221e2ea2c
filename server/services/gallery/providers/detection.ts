import { gridPositions, type GeneratedItemPosition } from '../../../../src/contracts/hotspots';

/** A product the hotspot finder looks for (index = its place in the list). */
export interface DetectProduct {
  productId: string;
  title: string;
  productType?: string;
  colour?: string;
}

export interface DetectRequest {
  /** The photo: any format sharp reads (sent as JPEG). */
  image: Buffer;
  products: DetectProduct[];
  signal?: AbortSignal;
}

/** Asks a vision model where each product is; answers the products it found (source `detected`). */
export interface HotspotDetector {
  readonly name: string;
  detect(request: DetectRequest): Promise<GeneratedItemPosition[]>;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const clamp = (v: number) => Math.min(1000, Math.max(0, v));
const MAX_ENTRIES = 100;

/**
 * Boxes as both providers are asked to answer them: `{ index, box_2d: [ymin, xmin, ymax, xmax] }`
 * normalised to 0–1000 (Gemini's documented object-detection format; OpenAI gets the same
 * schema as structured output). Unknown indexes, non-numbers, empty boxes and repeats are ignored.
 */
export function positionsFromBoxes(entries: unknown, products: DetectProduct[]): GeneratedItemPosition[] {
  if (!Array.isArray(entries)) return [];
  const found = new Map<number, GeneratedItemPosition>();
  for (const entry of entries.slice(0, MAX_ENTRIES)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { index, box_2d: box } = entry as { index?: unknown; box_2d?: unknown };
    if (
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= products.length ||
      found.has(index)
    )
      continue;
    if (!Array.isArray(box) || box.length !== 4 || !box.every((v) => typeof v === 'number' && Number.isFinite(v)))
      continue;
    const [ymin, xmin, ymax, xmax] = (box as number[]).map(clamp);
    if (xmax <= xmin || ymax <= ymin) continue;
    const box100 = {
      left: round2(xmin / 10),
      top: round2(ymin / 10),
      width: round2((xmax - xmin) / 10),
      height: round2((ymax - ymin) / 10),
    };
    found.set(index, {
      productId: products[index].productId,
      x: round2((xmin + xmax) / 20),
      y: round2((ymin + ymax) / 20),
      box: box100,
      source: 'detected',
    });
  }
  return [...found.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
}

/** Every product a position: the detected one, else its cell of the fallback grid. */
export function withGridFallback(detected: GeneratedItemPosition[], productIds: string[]): GeneratedItemPosition[] {
  const byId = new Map(detected.map((p) => [p.productId, p]));
  const grid = gridPositions(productIds.length);
  return productIds.map((id, i) => byId.get(id) ?? { productId: id, ...grid[i], source: 'grid' as const });
}

/** The JSON schema both providers' structured output follows (Gemini: responseSchema; OpenAI: json_schema). */
export const BOXES_SCHEMA = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          index: { type: 'integer' },
          label: { type: 'string' },
          box_2d: { type: 'array', items: { type: 'integer' } },
        },
        required: ['index', 'label', 'box_2d'],
        additionalProperties: false,
      },
    },
  },
  required: ['items'],
  additionalProperties: false,
} as const;

/**
 * Where the made image shows the products: the detector's boxes, the grid for the rest. The image
 * is paid for and made, so a detector failure only costs the suggestions (logged), never the image.
 */
export async function findPositions(
  detector: HotspotDetector,
  jpeg: Buffer,
  products: Array<{ productId: string; title: string; productType: string; colour: string }>,
  signal: AbortSignal,
  ctx: { log?: { warn(obj: unknown, msg?: string): void } },
): Promise<GeneratedItemPosition[]> {
  let detected: GeneratedItemPosition[] = [];
  try {
    detected = await detector.detect({ image: jpeg, products, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    ctx.log?.warn({ err: error, provider: detector.name }, 'hotspot finder failed; markers fall back to the grid');
  }
  return withGridFallback(
    detected,
    products.map((p) => p.productId),
  );
}
