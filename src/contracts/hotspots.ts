/**
 * Hotspots placed for the merchant: where a generated image shows each of its look's products, and
 * how a look's markers follow them when the image is used on the look.
 */

/** Percent of the image (0–100): left/top edge, width and height. */
export interface ItemBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a generated image shows one product. `composed`: the built-in generator drew it there;
 * `detected`: the external image service answered a box for it; `grid`: the service gave no
 * position, so the fallback grid ({@link gridPositions}) placed it.
 */
export interface GeneratedItemPosition {
  /** Platform product id (the look's mainProduct.itemId or a related item's itemId). */
  productId: string;
  /** Marker point, percent of the image width / height (0–100). */
  x: number;
  y: number;
  box?: ItemBox;
  source: 'composed' | 'detected' | 'grid';
}

const clampPercent = (v: number) => Math.min(100, Math.max(0, v));
const round2 = (v: number) => Math.round(v * 100) / 100;

/** A rectangle in pixels as a position in percent of a width × height image (clipped to the image). */
export function positionFromPixels(
  productId: string,
  rect: { left: number; top: number; width: number; height: number },
  image: { width: number; height: number },
  source: GeneratedItemPosition['source'],
): GeneratedItemPosition {
  const left = clampPercent((rect.left / image.width) * 100);
  const top = clampPercent((rect.top / image.height) * 100);
  const right = clampPercent(((rect.left + rect.width) / image.width) * 100);
  const bottom = clampPercent(((rect.top + rect.height) / image.height) * 100);
  return {
    productId,
    x: round2((left + right) / 2),
    y: round2((top + bottom) / 2),
    box: { left: round2(left), top: round2(top), width: round2(right - left), height: round2(bottom - top) },
    source,
  };
}

/**
 * The fallback grid for `count` items: ceil(√count) columns, as many rows as needed, cells in
 * reading order over the whole image, each item at its cell's centre (1 item: the centre; 4: the
 * centres of the four quarters; 5: 3 + 2 on a 3 × 2 grid).
 */
export function gridPositions(count: number): Array<{ x: number; y: number; box: ItemBox }> {
  if (count <= 0) return [];
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const w = 100 / columns;
  const h = 100 / rows;
  return Array.from({ length: count }, (_, i) => {
    const col = i % columns;
    const row = Math.floor(i / columns);
    return {
      x: round2(w * (col + 0.5)),
      y: round2(h * (row + 0.5)),
      box: { left: round2(w * col), top: round2(h * row), width: round2(w), height: round2(h) },
    };
  });
}

/** Percent marker position (integers 0–100, as the look form stores them). */
const marker = (v: number) => Math.round(clampPercent(v));

/** What {@link placeMarkers} did: items placed from the image, items put on the spare row. */
export interface MarkerPlacement<T> {
  items: T[];
  placed: number;
  spread: number;
}

/**
 * Places a look's markers from a generated image's positions (matched by product id). Items the
 * image does not show keep their markers, unless they still sit at the default centre (never
 * placed): those are spread evenly along a row near the bottom (y = 92), where they cover no
 * placed item's marker.
 */
export function placeMarkers<T extends { itemId: string; markerX: number; markerY: number }>(
  items: T[],
  positions: GeneratedItemPosition[] | null | undefined,
  defaultPosition = 50,
): MarkerPlacement<T> {
  const byProduct = new Map((positions ?? []).map((p) => [p.productId, p]));
  let placed = 0;
  const unplaced = items.filter(
    (item) => !byProduct.has(item.itemId) && item.markerX === defaultPosition && item.markerY === defaultPosition,
  );
  const next = items.map((item) => {
    const position = byProduct.get(item.itemId);
    if (position && Number.isFinite(position.x) && Number.isFinite(position.y)) {
      placed += 1;
      return { ...item, markerX: marker(position.x), markerY: marker(position.y) };
    }
    const spare = unplaced.indexOf(item);
    if (spare < 0) return item;
    return { ...item, markerX: marker(((spare + 0.5) / unplaced.length) * 100), markerY: 92 };
  });
  // Nothing matched: the markers stay as they were (the image shows none of these products).
  if (!placed) return { items, placed: 0, spread: 0 };
  return { items: next, placed, spread: unplaced.length };
}

/**
 * A generated image of the gallery (server/services/gallery/generationFiles.ts stores them under the
 * shop's `generated/` files): its item positions came with it, so the hotspot editor does not search it again by itself.
 */
export const isGeneratedImageUrl = (url: string) => /\/files\/shops\/\d+\/generated\//.test(url);

/** POST /productLooks/hotspots: find the look's products in a look image (uploaded, generated or a product photo). */
export interface HotspotSuggestRequest {
  /** The image as the look stores it: a /files/… path of this app, or an https image URL of the shop's catalog. */
  imageUrl: string;
  products: Array<{ productId: string; title: string }>;
}

/**
 * The products the provider's vision model found (source `detected`), as suggestions the merchant
 * accepts, moves or removes. `provider: 'local'` (no vision model configured): none are suggested,
 * the markers stay as they are.
 */
export interface HotspotSuggestResponse {
  provider: 'local' | 'openai' | 'gemini';
  positions: GeneratedItemPosition[];
}
