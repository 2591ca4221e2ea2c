import { shopMayRead, shopPrefix } from './keys';
import type { FileUrls } from './fileUrls';
import type { FileStorage } from './storage';

/**
 * Erases every file of the shop (`shops/<id>/…`: uploads, generated images, any kind added later)
 * and answers how many went. Idempotent: a second run, or a run after a crash half-way, finds
 * what is left and deletes it; a shop without files answers 0. shop/redact calls it after the
 * shop's rows are deleted.
 */
export async function eraseShopFiles(storage: FileStorage, shopId: number): Promise<number> {
  return storage.deletePrefix(shopPrefix(shopId));
}

/** Reads, for a shop, the app's file a reference names; null when the reference names none (another site's image). */
export type ShopFileReader = (shopId: number, ref: string) => Promise<Buffer | null>;

/**
 * A ShopFileReader over the storage: a shop reads its own files and the shared ones, never another
 * shop's (a reference in a look is what a client sent), and never a malformed key.
 */
export function shopFileReader(storage: FileStorage, urls: FileUrls): ShopFileReader {
  return async (shopId, ref) => {
    if (!urls.isFileRef(ref)) return null;
    const key = urls.keyOf(ref);
    if (!key) throw new Error('Invalid file path');
    if (!shopMayRead(shopId, key)) throw new Error("The image is outside the shop's files");
    const data = await storage.read(key);
    if (!data) throw new Error(`Image not found: ${urls.path(key)}`);
    return data;
  };
}
