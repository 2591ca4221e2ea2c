import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { assertKey, assertPrefix } from './keys';
import { contentTypeOf, etagMatches, FILE_CACHE_CONTROL, type FileInfo, type FileStorage } from './storage';

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);
const isMissing = (error: unknown) =>
  statusOf(error) === 404 ||
  (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound'));

/** An S3 client for AWS S3, R2, MinIO or GCS interop, from the S3_* variables. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where an operation requires them (DeleteObjects): the SDK's default CRC32 on
    // every upload sends `aws-chunked` bodies and x-amz-checksum-* headers that R2, GCS interop and
    // other S3-compatible servers do not all take. AWS S3 accepts both.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The backend for several instances: files in an S3-compatible bucket, one object per key, with
 * its content type and Cache-Control stored on the object (a CDN or public bucket in front serves
 * them as the app's own /files route does).
 */
export class S3Bucket implements FileStorage {
  readonly backend = 's3' as const;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  private info(
    key: string,
    head: { ContentLength?: number; ContentType?: string; ETag?: string; LastModified?: Date },
  ): FileInfo {
    return {
      key,
      size: head.ContentLength ?? 0,
      contentType: head.ContentType ?? contentTypeOf(key),
      etag: head.ETag ?? '',
      lastModified: head.LastModified ?? new Date(0),
    };
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentTypeOf(key),
        CacheControl: FILE_CACHE_CONTROL,
      }),
    );
  }

  async open(key: string, options: { ifNoneMatch?: string } = {}) {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: assertKey(key), IfNoneMatch: options.ifNoneMatch }),
      );
      if (!res.Body) return null;
      const info = this.info(key, res);
      // A service that ignores If-None-Match sends the bytes anyway.
      if (etagMatches(options.ifNoneMatch, info.etag)) {
        (res.Body as Readable).destroy();
        return { notModified: true as const, info };
      }
      return { ...info, body: res.Body as Readable };
    } catch (error) {
      if (isMissing(error)) return null;
      if (statusOf(error) === 304 && options.ifNoneMatch) {
        const info = await this.stat(key);
        return info ? { notModified: true as const, info } : null;
      }
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<FileInfo | null> {
    try {
      return this.info(
        key,
        await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertKey(key) })),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async deletePrefix(prefix: string): Promise<number> {
    let count = 0;
    let batch: string[] = [];
    // Listing while deleting is fine: a page's continuation token is past the keys it answered.
    for await (const key of this.list(prefix)) {
      batch.push(key);
      if (batch.length === DELETE_BATCH) {
        count += await this.deleteMany(batch);
        batch = [];
      }
    }
    if (batch.length) count += await this.deleteMany(batch);
    return count;
  }

  /** One DeleteObjects call; one DeleteObject per key where the service has no batch delete (GCS interop answers 501). */
  private async deleteMany(keys: string[]): Promise<number> {
    try {
      const res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length)
        throw new Error(
          `Deleting ${failed.length} file(s) failed: ${failed[0].Key} ${failed[0].Code} ${failed[0].Message ?? ''}`.trim(),
        );
    } catch (error) {
      if (statusOf(error) !== 501 && !(error instanceof S3ServiceException && error.name === 'NotImplemented'))
        throw error;
      for (const key of keys) await this.delete(key);
    }
    return keys.length;
  }
}
