import sharp from 'sharp';
import type { Db } from '../../../db';
import type { ImageType } from '../../../../src/contracts/gallery';
import { loadImage, type LookImages } from '../generatorImages';
import type { ShopFileReader } from '../../../storage';

/** What a prompt says about one product of the look, and its photo. */
export interface BriefProduct {
  productId: string;
  title: string;
  productType: string;
  /** A plain colour name of the photo's main colour (background trimmed), e.g. "navy blue". */
  colour: string;
  main: boolean;
  photo: Buffer;
}

/** Everything the providers' prompt builders read: the look, its products in order, the merchant's words. */
export interface LookBrief {
  title: string;
  imageType: ImageType;
  customPrompt: string;
  products: BriefProduct[];
}

/** Named colours a prompt can use (sRGB); the nearest one names a photo's dominant colour. */
const NAMED: Array<[string, number, number, number]> = [
  ['black', 20, 20, 20],
  ['charcoal grey', 64, 64, 64],
  ['grey', 128, 128, 128],
  ['light grey', 200, 200, 200],
  ['white', 245, 245, 245],
  ['cream', 240, 230, 200],
  ['beige', 215, 195, 160],
  ['sand', 194, 178, 128],
  ['camel', 193, 154, 107],
  ['brown', 120, 70, 30],
  ['dark brown', 70, 40, 20],
  ['red', 200, 30, 30],
  ['burgundy', 110, 20, 40],
  ['pink', 240, 160, 180],
  ['orange', 240, 130, 30],
  ['mustard', 210, 170, 40],
  ['yellow', 240, 220, 40],
  ['olive', 110, 110, 40],
  ['green', 40, 150, 60],
  ['dark green', 20, 80, 40],
  ['teal', 20, 130, 130],
  ['light blue', 150, 190, 230],
  ['blue', 40, 80, 200],
  ['navy blue', 20, 30, 80],
  ['purple', 110, 50, 150],
  ['lavender', 190, 170, 220],
];

export function colourName(r: number, g: number, b: number): string {
  let best = NAMED[0];
  let bestD = Infinity;
  for (const entry of NAMED) {
    const d = (entry[1] - r) ** 2 + (entry[2] - g) ** 2 + (entry[3] - b) ** 2;
    if (d < bestD) [best, bestD] = [entry, d];
  }
  return best[0];
}

/** The photo's dominant colour without its plain background (sharp's trim removes a border of the corner colour). */
export async function dominantColour(photo: Buffer): Promise<string> {
  let subject = photo;
  try {
    subject = await sharp(photo).trim({ threshold: 20 }).toBuffer();
  } catch {
    // A photo of one colour has nothing to trim: its colour is the answer.
  }
  const { dominant } = await sharp(subject).resize(64, 64, { fit: 'inside' }).stats();
  return colourName(dominant.r, dominant.g, dominant.b);
}

/** Up to this many product photos go to a provider (OpenAI's edits take up to 16 images; Gemini's image models fewer). */
export const MAX_BRIEF_PRODUCTS = 6;

/**
 * Reads what the prompts need: titles and product types from the shop's catalog ("Product" when
 * the catalog no longer has it), each photo and its colour.
 */
export async function buildLookBrief(
  db: Db,
  shopId: number,
  look: LookImages,
  request: { imageType: ImageType; customPrompt: string | null },
  ctx: { files: ShopFileReader },
): Promise<LookBrief> {
  const products = look.products.filter((p) => !!p.image).slice(0, MAX_BRIEF_PRODUCTS);
  const ids = products.map((p) => p.productId);
  const rows = ids.length
    ? await db
        .selectFrom('catalogProducts')
        .select(['gid', 'title', 'productType'])
        .where('shopId', '=', shopId)
        .where('gid', 'in', ids)
        .execute()
    : [];
  const byGid = new Map(rows.map((r) => [r.gid, r]));
  const briefs = await Promise.all(
    products.map(async (p): Promise<BriefProduct> => {
      const photo = await loadImage(ctx.files, shopId, p.image);
      const row = byGid.get(p.productId);
      return {
        productId: p.productId,
        title: row?.title || 'Product',
        productType: row?.productType ?? '',
        colour: await dominantColour(photo),
        main: p.main,
        photo,
      };
    }),
  );
  return {
    title: look.title,
    imageType: request.imageType,
    customPrompt: (request.customPrompt ?? '').trim(),
    products: briefs,
  };
}
