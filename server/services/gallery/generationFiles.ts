import type { Db } from '../../db';
import type { LookImages } from './generatorImages';
import type { GenerationRow } from './generations';
import { FILES_PATH, shopFileKey, type FileStorage } from '../../storage';

/* A generation's image I/O: the look's images it reads, the image it writes. */

/** The images of a generation's look, read when the job runs (the look may have changed or gone). */
export async function lookImagesFor(db: Db, job: GenerationRow): Promise<LookImages> {
  if (!job.productLookId) throw new Error('The look of this generation no longer exists');
  const look = await db
    .selectFrom('productLooks')
    .select(['title', 'mainProduct', 'relatedItems'])
    .where('shopId', '=', job.shopId)
    .where('id', '=', job.productLookId)
    .executeTakeFirst();
  if (!look) throw new Error('The look of this generation no longer exists');
  const items = [...(look.relatedItems ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const mainImage = look.mainProduct?.selectedMainImage || look.mainProduct?.image || '';
  return {
    title: look.title,
    products: [
      ...(mainImage ? [{ productId: look.mainProduct.itemId, image: mainImage, main: true }] : []),
      ...items.filter((i) => !!i.image).map((i) => ({ productId: i.itemId, image: i.image, main: false })),
    ],
  };
}

/** Output file of a run: shops/<shop>/generated/<id>-<run>.jpg in the storage, referenced as /files/<key>. */
export async function writeOutput(storage: FileStorage, job: GenerationRow, jpeg: Buffer): Promise<string> {
  const key = shopFileKey(job.shopId, 'generated', `${job.id}-${job.run}.jpg`);
  await storage.put(key, jpeg);
  return `${FILES_PATH}${key}`;
}
