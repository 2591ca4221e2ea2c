import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../db';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import type { LookMediaUploadResponse } from '../../../src/contracts/looks';

/** Upload limits: the multipart plugin truncates beyond 10 MB (→ 413). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Longest side of a stored image. */
export const MAX_IMAGE_SIDE = 2048;
/** Refuse decompression bombs (about 8000 × 6000). */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

export const notAnImage = () => new HttpError(415, 'Looks.errors.notAnImage', 'media.not_an_image');
export const fileTooLarge = () => new HttpError(413, 'Looks.errors.fileTooLarge', 'media.too_large');

/** Public URL of a stored upload (fileName is relative to the files dir, e.g. uploads/3/<uuid>.webp). */
export function mediaUrl(config: Pick<Config, 'appUrl'>, fileName: string): string {
  return `${config.appUrl}/files/${fileName}`;
}

/**
 * Checks an upload by its content (decoded by sharp: PNG, JPEG, WebP or GIF),
 * never by name or declared type; re-encodes it (EXIF orientation applied,
 * metadata stripped, at most 2048 px) and stores it under the shop's folder.
 */
export async function storeLookMedia(db: Db, config: Config, shopId: number, input: Buffer): Promise<LookMediaUploadResponse> {
  if (input.length > MAX_UPLOAD_BYTES) throw fileTooLarge();
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

  const fileName = path.posix.join('uploads', String(shopId), `${randomUUID()}.${ext}`);
  const target = path.join(config.dataDir, 'files', ...fileName.split('/'));
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, output.data);
  try {
    const row = await db
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
    return { url: mediaUrl(config, fileName), productLookMediaId: row.id };
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
}
