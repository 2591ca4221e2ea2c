import sharp from 'sharp';
import { MAX_ANSWER_BYTES, MAX_INPUT_BYTES, ProviderFailure } from './failure';

/** Longest side of a product photo sent to a provider (enough detail, small requests). */
const INPUT_SIDE = 1024;

/** A product photo as the JPEG a provider receives: at most 1024 px on its longest side. */
export async function inputJpeg(photo: Buffer): Promise<Buffer> {
  return sharp(photo)
    .rotate()
    .resize(INPUT_SIDE, INPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Refuses photos that together exceed what one request may carry. */
export function checkInputSize(provider: string, photos: Buffer[]): void {
  const total = photos.reduce((n, p) => n + p.length, 0);
  if (total > MAX_INPUT_BYTES) throw new ProviderFailure('oversize', provider, `photos of ${total} bytes`);
}

/** A base64 image answer as the stored JPEG and its size; refuses what is too large or not an image. */
export async function answerJpeg(
  provider: string,
  base64: string | undefined | null,
): Promise<{ jpeg: Buffer; width: number; height: number }> {
  if (!base64) throw new ProviderFailure('no_image', provider, 'no image in the answer');
  // base64 is 4/3 of the bytes: refuse before decoding a huge string.
  if (base64.length > (MAX_ANSWER_BYTES / 3) * 4 + 4)
    throw new ProviderFailure('oversize', provider, `answer of ${base64.length} base64 characters`);
  const bytes = Buffer.from(base64, 'base64');
  try {
    const { data, info } = await sharp(bytes).jpeg({ quality: 88 }).toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    throw new ProviderFailure('no_image', provider, `unreadable image: ${(error as Error).message}`);
  }
}
