import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../db';
import type { Config } from '../../config';
import { fileUrls, shopFileKey, storageFor } from '../../storage';
import { HttpError } from '../../http/errors';
import type { LookMediaUploadResponse } from '../../../src/contracts/looks';

/** Upload limits: the multipart plugin truncates beyond 10 MB (→ 413). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Longest side of a stored image. */
export const MAX_IMAGE_SIDE = 2048;
/** Refuse decompression bombs (about 8000 × 6000). */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/**
 * What one shop may keep uploaded: files and bytes (as stored, after re-encoding).
 * Counted from product_look_media, the truth for uploads: every stored file has
 * its row (a file whose row fails is removed) and rows are never dropped while
 * their file stays. 500 MB leaves 1 MB per image on average (a 2048 px JPEG
 * or WebP is usually smaller; large PNGs reach the byte limit first).
 */
export const UPLOAD_QUOTA = { files: 500, bytes: 500 * 1024 * 1024 };

export const notAnImage = () => new HttpError(415, 'Looks.errors.notAnImage', 'media.not_an_image');
export const fileTooLarge = () => new HttpError(413, 'Looks.errors.fileTooLarge', 'media.too_large');
export const uploadQuotaFiles = () =>
  new HttpError(413, 'Looks.errors.uploadQuotaFiles', 'media.quota_files', undefined, undefined, {
    max: UPLOAD_QUOTA.files,
  });
export const uploadQuotaBytes = () =>
  new HttpError(413, 'Looks.errors.uploadQuotaBytes', 'media.quota_bytes', undefined, undefined, {
    megabytes: Math.floor(UPLOAD_QUOTA.bytes / (1024 * 1024)),
  });

/** The shop's stored uploads: how many and their bytes. */
export async function uploadUsage(db: Db, shopId: number): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('productLookMedia')
    .select((eb) => [
      eb.fn.countAll<number>().as('files'),
      eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('bytes'),
    ])
    .where('shopId', '=', shopId)
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

/** 413 when one more upload of `bytes` would exceed UPLOAD_QUOTA. */
function checkQuota(usage: { files: number; bytes: number }, bytes: number) {
  if (usage.files + 1 > UPLOAD_QUOTA.files) throw uploadQuotaFiles();
  if (usage.bytes + bytes > UPLOAD_QUOTA.bytes) throw uploadQuotaBytes();
}

/** The admin's URL of a stored upload (fileName is its storage key, shops/3/uploads/<uuid>.webp): served by every instance. */
export function mediaUrl(config: Pick<Config, 'appUrl' | 'files'>, fileName: string): string {
  return fileUrls(config).appUrl(fileName);
}

/**
 * Checks an upload by its content (decoded by sharp: PNG, JPEG, WebP or GIF),
 * never by name or declared type; re-encodes it (EXIF orientation applied,
 * metadata stripped, at most 2048 px) and stores it under the shop's prefix (server/storage),
 * within the shop's UPLOAD_QUOTA (413 beyond it; checked again under a lock
 * on the shop row, so parallel uploads cannot pass it together).
 */
export async function storeLookMedia(
  db: Db,
  config: Config,
  shopId: number,
  input: Buffer,
): Promise<LookMediaUploadResponse> {
  if (input.length > MAX_UPLOAD_BYTES) throw fileTooLarge();
  checkQuota(await uploadUsage(db, shopId), 0); // before decoding: a full shop costs no image work
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();

  const animated = format === 'gif' || format === 'webp';
  let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated })
    .rotate()
    .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true });
  let ext: string;
  let contentType: string;
  if (format === 'jpeg') {
    pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    ext = 'jpg';
    contentType = 'image/jpeg';
  } else if (format === 'png') {
    pipeline = pipeline.png({ compressionLevel: 9 });
    ext = 'png';
    contentType = 'image/png';
  } else {
    pipeline = pipeline.webp({ quality: 88 });
    ext = 'webp';
    contentType = 'image/webp';
  }
  let output: { data: Buffer; info: sharp.OutputInfo };
  try {
    output = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw notAnImage();
  }

  const fileName = shopFileKey(shopId, 'uploads', `${randomUUID()}.${ext}`);
  const storage = storageFor(config);
  await storage.put(fileName, output.data);
  try {
    const row = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('shops').select('id').where('id', '=', shopId).forUpdate().execute();
      checkQuota(await uploadUsage(trx, shopId), output.data.length);
      return trx
        .insertInto('productLookMedia')
        .values({
          shopId,
          fileName,
          contentType,
          width: output.info.width,
          height: output.info.pageHeight ?? output.info.height,
          bytes: output.data.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    return { url: mediaUrl(config, fileName), productLookMediaId: row.id };
  } catch (error) {
    await storage.delete(fileName).catch(() => undefined);
    throw error;
  }
}
