import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertKey, assertPrefix } from './keys';
import { contentTypeOf, etagMatches, type FileInfo, type FileStorage } from './storage';

/**
 * The embedded backend: files under a local directory (DATA_DIR/files), one file per key. Writes
 * go to a hidden temporary file renamed into place (atomic on one file system); reads resolve the
 * real path and refuse anything outside the directory (a symbolic link planted inside it).
 */
export class LocalDirectory implements FileStorage {
  readonly backend = 'local' as const;
  private readonly root: string;
  private prepared?: Promise<void>;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Creates the directory and moves files of the layout before server/storage (once per instance). */
  private ready(): Promise<void> {
    this.prepared ??= (async () => {
      await fs.mkdir(this.root, { recursive: true });
      await migrateLegacyLayout(this.root);
    })();
    return this.prepared;
  }

  private fileOf(key: string): string {
    return path.join(this.root, ...assertKey(key).split('/'));
  }

  /** The file's real path when it is a regular file inside the directory; null otherwise. */
  private async resolve(key: string): Promise<{ file: string; stats: import('node:fs').Stats } | null> {
    const file = this.fileOf(key);
    await this.ready();
    const real = await fs.realpath(file).catch(() => null);
    if (!real) return null;
    const realRoot = await fs.realpath(this.root);
    if (!real.startsWith(realRoot + path.sep)) return null;
    const stats = await fs.stat(real).catch(() => null);
    return stats?.isFile() ? { file: real, stats } : null;
  }

  private info(key: string, stats: import('node:fs').Stats): FileInfo {
    return {
      key,
      size: stats.size,
      contentType: contentTypeOf(key),
      // As `send` (behind @fastify/static) makes it: size and modification time.
      etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
      lastModified: new Date(stats.mtimeMs),
    };
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await this.ready();
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
    try {
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async open(key: string, options: { ifNoneMatch?: string } = {}) {
    const found = await this.resolve(key);
    if (!found) return null;
    const info = this.info(key, found.stats);
    if (etagMatches(options.ifNoneMatch, info.etag)) return { notModified: true as const, info };
    return { ...info, body: createReadStream(found.file) };
  }

  async read(key: string): Promise<Buffer | null> {
    const found = await this.resolve(key);
    return found ? fs.readFile(found.file) : null;
  }

  async stat(key: string): Promise<FileInfo | null> {
    const found = await this.resolve(key);
    return found ? this.info(key, found.stats) : null;
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await this.ready();
    await fs.rm(file, { force: true });
  }

  async *list(prefix: string): AsyncIterable<string> {
    const dir = path.join(this.root, ...assertPrefix(prefix).slice(0, -1).split('/'));
    await this.ready();
    yield* walk(dir, prefix);
  }

  async deletePrefix(prefix: string): Promise<number> {
    let count = 0;
    for await (const _key of this.list(prefix)) count += 1;
    await fs.rm(path.join(this.root, ...prefix.slice(0, -1).split('/')), { recursive: true, force: true });
    return count;
  }
}

/** Keys of the files under a folder (hidden temporary files left out). */
async function* walk(dir: string, prefix: string): AsyncIterable<string> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    else if (entry.isFile()) yield `${prefix}${entry.name}`;
  }
}

/**
 * The layout before server/storage kept `<kind>/<shop id>/<name>` (kind: uploads, generated); keys
 * are now `shops/<shop id>/<kind>/<name>` (keys.ts). Moves such files into place, idempotently
 * (a file already at its new place wins; the old copy goes). Migration 0024 rewrote the references.
 */
export async function migrateLegacyLayout(root: string): Promise<number> {
  let moved = 0;
  for (const kind of ['uploads', 'generated']) {
    const shops = await fs.readdir(path.join(root, kind), { withFileTypes: true }).catch(() => []);
    for (const shop of shops) {
      if (!shop.isDirectory() || !/^[1-9][0-9]{0,17}$/.test(shop.name)) continue;
      const from = path.join(root, kind, shop.name);
      const to = path.join(root, 'shops', shop.name, kind);
      await fs.mkdir(to, { recursive: true });
      for (const file of await fs.readdir(from)) {
        const target = path.join(to, file);
        if (await fs.stat(target).catch(() => null))
          await fs.rm(path.join(from, file), { recursive: true, force: true });
        else await fs.rename(path.join(from, file), target);
        moved += 1;
      }
      await fs.rmdir(from).catch(() => undefined);
    }
    await fs.rmdir(path.join(root, kind)).catch(() => undefined);
  }
  return moved;
}
