import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db';
import type { LookImages } from './generatorImages';
import type { GenerationRow } from './generations';

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

/** Output file of a run: files/generated/<shop>/<id>-<run>.jpg, served at /files/generated/… */
export async function writeOutput(filesDir: string, job: GenerationRow, jpeg: Buffer): Promise<string> {
  const dir = path.join(filesDir, 'generated', String(job.shopId));
  await fs.mkdir(dir, { recursive: true });
  const name = `${job.id}-${job.run}.jpg`;
  const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await fs.writeFile(tmp, jpeg);
  await fs.rename(tmp, path.join(dir, name));
  return `/files/generated/${job.shopId}/${name}`;
}

