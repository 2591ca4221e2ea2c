import type { Config, FilesConfig } from '../config';
import { LocalDirectory } from './localDirectory';
import { createS3Client, S3Bucket } from './s3Bucket';
import type { FileStorage } from './storage';
import { FileUrls } from './fileUrls';
import { shopFileReader, type ShopFileReader } from './shopFiles';

export type { FileStorage, FileInfo, OpenedFile } from './storage';
export { FILE_CACHE_CONTROL, contentTypeOf, servedContentType, isNotModified, etagMatches } from './storage';
export { FileUrls, keyFromPath, FILES_PATH } from './fileUrls';
export { eraseShopFiles, shopFileReader, type ShopFileReader } from './shopFiles';
export { shopFileKey, shopPrefix, shopMayRead, isValidKey, SHARED_PREFIXES, type ShopFileKind } from './keys';
export { LocalDirectory } from './localDirectory';
export { S3Bucket, createS3Client } from './s3Bucket';

/** The backend the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function createStorage(files: FilesConfig): FileStorage {
  return files.s3 ? new S3Bucket(createS3Client(files.s3), files.s3.bucket) : new LocalDirectory(files.dir);
}

// One backend per configuration (an S3 client keeps its connections): keyed by the config's
// `files` object, which stays the same object when a config is copied with a spread.
const byConfig = new WeakMap<FilesConfig, FileStorage>();

/** The storage of a configuration, made once. */
export function storageFor(config: Pick<Config, 'files'>): FileStorage {
  let storage = byConfig.get(config.files);
  if (!storage) byConfig.set(config.files, (storage = createStorage(config.files)));
  return storage;
}

/** Reads a shop's image references from the configuration's storage (the generator's inputs). */
export function shopFilesOf(config: Pick<Config, 'appUrl' | 'files'>): ShopFileReader {
  return shopFileReader(storageFor(config), fileUrls(config));
}

/** The URLs of a configuration's files. */
export function fileUrls(config: Pick<Config, 'appUrl' | 'files'>): FileUrls {
  return new FileUrls(config);
}
