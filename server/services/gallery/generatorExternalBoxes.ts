import { gridPositions, positionFromPixels, type GeneratedItemPosition } from '../../../src/contracts/hotspots';

/**
 * Boxes an external image service may answer with its JSON, where it placed the look's items:
 *
 *   { "imageBase64": "…", "boxUnit": "px" | "fraction" | "percent",
 *     "boxes": [{ "productId": "gid://…" | "index": 0, "x": 10, "y": 20, "width": 300, "height": 280 }] }
 *
 * A box names its item by `productId` (as sent in `items`) or by `index` (into `items`); its
 * rectangle is `x`/`y` (or `left`/`top`) with `width`/`height`, or `box`/`bbox` as
 * [x, y, width, height]. Units: pixels of the answered image unless `boxUnit` says fractions (0–1)
 * or percent (0–100). Anything unusable (unknown item, not a number, no area, outside the image) is
 * ignored; so are boxes of an answer that is not JSON. Every item without a usable box takes its
 * cell of the fallback grid (gridPositions: ceil(√n) columns over the whole image, in item order).
 */
export function externalItemPositions(
  answer: unknown,
  items: Array<{ productId: string }>,
  image: { width: number; height: number },
): GeneratedItemPosition[] {
  const detected = detectedBoxes(answer, items, image);
  const grid = gridPositions(items.length);
  return items.map((item, i) => detected.get(i) ?? { productId: item.productId, ...grid[i], source: 'grid' as const });
}

type Rect = { left: number; top: number; width: number; height: number };

const MAX_BOXES = 100;

function detectedBoxes(answer: unknown, items: Array<{ productId: string }>, image: { width: number; height: number }) {
  const found = new Map<number, GeneratedItemPosition>();
  if (!isObject(answer) || !Array.isArray(answer.boxes)) return found;
  const unit = answer.boxUnit === 'fraction' || answer.boxUnit === 'percent' ? answer.boxUnit : 'px';
  const scale = unit === 'fraction' ? { x: image.width, y: image.height } : unit === 'percent' ? { x: image.width / 100, y: image.height / 100 } : { x: 1, y: 1 };
  for (const entry of answer.boxes.slice(0, MAX_BOXES)) {
    if (!isObject(entry)) continue;
    const index = itemIndex(entry, items);
    if (index < 0 || found.has(index)) continue;
    const raw = rectOf(entry);
    if (!raw) continue;
    const rect = { left: raw.left * scale.x, top: raw.top * scale.y, width: raw.width * scale.x, height: raw.height * scale.y };
    // Some part of the box must lie inside the image.
    if (rect.left >= image.width || rect.top >= image.height || rect.left + rect.width <= 0 || rect.top + rect.height <= 0) continue;
    const position = positionFromPixels(items[index].productId, rect, image, 'detected');
    if (!position.box || position.box.width <= 0 || position.box.height <= 0) continue;
    found.set(index, position);
  }
  return found;
}

function itemIndex(entry: Record<string, unknown>, items: Array<{ productId: string }>): number {
  if (typeof entry.productId === 'string') return items.findIndex((i) => i.productId === entry.productId);
  const index = entry.index;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < items.length ? index : -1;
}

function rectOf(entry: Record<string, unknown>): Rect | null {
  const list = Array.isArray(entry.box) ? entry.box : Array.isArray(entry.bbox) ? entry.bbox : null;
  const [left, top, width, height] = list ?? [entry.x ?? entry.left, entry.y ?? entry.top, entry.width, entry.height];
  const values = [left, top, width, height];
  if (!values.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  const rect = { left: left as number, top: top as number, width: width as number, height: height as number };
  return rect.width > 0 && rect.height > 0 ? rect : null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
