import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { startS3Server } from '../test/s3rver';
import {
  createStorage,
  eraseShopFiles,
  FileUrls,
  isNotModified,
  LocalDirectory,
  shopFileReader,
  type FileStorage,
} from '.';

jest.setTimeout(60_000);

interface Backend {
  storage: FileStorage;
  close(): Promise<void>;
}

/** Each backend as the configuration makes it: DATA_DIR/files, or S3_* against a real S3-protocol server. */
const backends: Array<[string, () => Promise<Backend>]> = [
  [
    'local directory',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-storage-'));
      const storage = createStorage(loadConfig({ DATA_DIR: dir }).files);
      return { storage, close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 bucket (s3rver over HTTP)',
    async () => {
      const s3 = await startS3Server();
      const storage = createStorage(loadConfig({ DATA_DIR: os.tmpdir(), ...s3.env }).files);
      return { storage, close: () => s3.close() };
    },
  ],
];

async function all(items: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of items) out.push(item);
  return out.sort();
}

async function text(opened: Awaited<ReturnType<FileStorage['open']>>): Promise<string> {
  if (!opened || isNotModified(opened)) throw new Error('no body');
  const chunks: Buffer[] = [];
  for await (const chunk of opened.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

describe.each(backends)('file storage contract: %s', (name, make) => {
  let backend: Backend;
  let storage: FileStorage;
  beforeAll(async () => {
    backend = await make();
    storage = backend.storage;
  });
  afterAll(() => backend.close());

  it('stores, reads, opens and describes a file (content type by extension, etag, date)', async () => {
    expect(storage.backend).toBe(name.startsWith('S3') ? 's3' : 'local');
    await storage.put('shops/1/uploads/a.png', Buffer.from('png bytes'));
    expect((await storage.read('shops/1/uploads/a.png'))?.toString()).toBe('png bytes');
    const info = await storage.stat('shops/1/uploads/a.png');
    expect(info).toEqual({
      key: 'shops/1/uploads/a.png',
      size: 9,
      contentType: 'image/png',
      etag: expect.stringMatching(/^(W\/)?".+"$/),
      lastModified: expect.any(Date),
    });
    expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    const opened = await storage.open('shops/1/uploads/a.png');
    expect(opened).toMatchObject({ size: 9, contentType: 'image/png', etag: info!.etag });
    expect(await text(opened)).toBe('png bytes');
    await storage.put('catalog/b.jpg', Buffer.from('j'));
    expect((await storage.stat('catalog/b.jpg'))?.contentType).toBe('image/jpeg');
    await storage.put('shops/1/generated/c.bin', Buffer.from('x'));
    expect((await storage.stat('shops/1/generated/c.bin'))?.contentType).toBe('application/octet-stream');
  });

  it('answers notModified for a matching If-None-Match (also in a list, also weak), the bytes otherwise', async () => {
    await storage.put('shops/2/uploads/e.webp', Buffer.from('webp'));
    const { etag } = (await storage.stat('shops/2/uploads/e.webp'))!;
    for (const header of [etag, `"other", ${etag}`, `W/${etag.replace(/^W\//, '')}`]) {
      const same = await storage.open('shops/2/uploads/e.webp', { ifNoneMatch: header });
      expect([header, isNotModified(same)]).toEqual([header, true]);
      if (isNotModified(same)) expect(same.info).toMatchObject({ etag, size: 4, contentType: 'image/webp' });
    }
    expect(await text(await storage.open('shops/2/uploads/e.webp', { ifNoneMatch: '"stale"' }))).toBe('webp');
  });

  it('replaces a file whole, with a new etag', async () => {
    await storage.put('shops/3/generated/7-1.jpg', Buffer.from('first'));
    const before = (await storage.stat('shops/3/generated/7-1.jpg'))!.etag;
    await storage.put('shops/3/generated/7-1.jpg', Buffer.from('second run'));
    expect((await storage.read('shops/3/generated/7-1.jpg'))?.toString()).toBe('second run');
    expect((await storage.stat('shops/3/generated/7-1.jpg'))!.etag).not.toBe(before);
  });

  it('answers null for a missing file and deletes idempotently', async () => {
    expect(await storage.read('shops/4/uploads/none.png')).toBeNull();
    expect(await storage.stat('shops/4/uploads/none.png')).toBeNull();
    expect(await storage.open('shops/4/uploads/none.png')).toBeNull();
    await storage.put('shops/4/uploads/x.png', Buffer.from('x'));
    await storage.delete('shops/4/uploads/x.png');
    await storage.delete('shops/4/uploads/x.png');
    expect(await storage.read('shops/4/uploads/x.png')).toBeNull();
  });

  it('lists by prefix: shops/1/ is not shops/10/', async () => {
    await storage.put('shops/10/uploads/z.png', Buffer.from('z'));
    expect(await all(storage.list('shops/1/'))).toEqual(['shops/1/generated/c.bin', 'shops/1/uploads/a.png']);
    expect(await all(storage.list('shops/10/'))).toEqual(['shops/10/uploads/z.png']);
    expect(await all(storage.list('shops/99/'))).toEqual([]);
  });

  it("erases a shop's files by prefix, every kind and depth, idempotently; other shops and shared files stay", async () => {
    const keys = [
      'shops/5/uploads/a.png',
      'shops/5/generated/1-1.jpg',
      'shops/5/generated/1-2.jpg',
      'shops/5/later/kind/deep.png',
      'shops/50/uploads/keep.png',
    ];
    for (const key of keys) await storage.put(key, Buffer.from(key));
    expect(await eraseShopFiles(storage, 5)).toBe(4);
    expect(await all(storage.list('shops/5/'))).toEqual([]);
    expect(await storage.read('shops/5/uploads/a.png')).toBeNull();
    expect((await storage.read('shops/50/uploads/keep.png'))?.toString()).toBe('shops/50/uploads/keep.png');
    expect(await storage.stat('catalog/b.jpg')).not.toBeNull();
    // A retry (a crash after the erase, a redelivered webhook) finds nothing and succeeds.
    expect(await eraseShopFiles(storage, 5)).toBe(0);
    expect(await eraseShopFiles(storage, 6)).toBe(0);
  });

  it('refuses malformed keys and prefixes before touching anything', async () => {
    const bad = [
      '',
      '../etc/passwd',
      'shops/1/../../x',
      'shops//1',
      '/shops/1/a.png',
      'shops/1/.hidden',
      'shops\\1\\a.png',
      'shops/1/a b.png',
      'shops/1/%2e%2e',
      `shops/1/${'a'.repeat(600)}`,
    ];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid file key/);
      await expect(storage.read(key)).rejects.toThrow(/Invalid file key/);
      await expect(storage.stat(key)).rejects.toThrow(/Invalid file key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid file key/);
    }
    await expect(storage.deletePrefix('shops/1')).rejects.toThrow(/Invalid file prefix/);
    await expect(storage.deletePrefix('../')).rejects.toThrow(/Invalid file prefix/);
    await expect(all(storage.list(''))).rejects.toThrow(/Invalid file prefix/);
    await expect(eraseShopFiles(storage, 0)).rejects.toThrow(/Invalid shop id/);
  });

  it("reads a shop's image references: its own and shared files, never another shop's; other sites are not its business", async () => {
    const urls = new FileUrls(
      loadConfig({ APP_URL: 'https://app.example', FILES_PUBLIC_URL: 'https://cdn.example/looks' }),
    );
    const read = shopFileReader(storage, urls);
    await storage.put('shops/8/uploads/own.png', Buffer.from('own'));
    await storage.put('shops/9/uploads/theirs.png', Buffer.from('theirs'));
    for (const ref of [
      '/files/shops/8/uploads/own.png',
      'https://app.example/files/shops/8/uploads/own.png',
      'https://cdn.example/looks/shops/8/uploads/own.png?v=1',
    ]) {
      expect([ref, (await read(8, ref))?.toString()]).toEqual([ref, 'own']);
    }
    expect((await read(8, '/files/catalog/b.jpg'))?.toString()).toBe('j');
    await expect(read(8, '/files/shops/9/uploads/theirs.png')).rejects.toThrow(/outside the shop/);
    await expect(read(8, '/files/shops/8/uploads/gone.png')).rejects.toThrow(/not found/);
    await expect(read(8, '/files/shops/8/../9/uploads/theirs.png')).rejects.toThrow(/Invalid file path/);
    expect(await read(8, 'https://cdn.shopify.com/s/files/x.jpg')).toBeNull();
  });
});

describe('local directory only', () => {
  it('moves the layout before server/storage (uploads/<shop>/, generated/<shop>/) into shops/<shop>/<kind>/ on first use', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-storage-legacy-'));
    try {
      fs.mkdirSync(path.join(dir, 'uploads', '3'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'generated', '3'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'catalog'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'uploads', '3', 'u.webp'), 'upload');
      fs.writeFileSync(path.join(dir, 'generated', '3', '4-1.jpg'), 'generated');
      fs.writeFileSync(path.join(dir, 'catalog', 'shirt-1.jpg'), 'catalog');
      const local = new LocalDirectory(dir);
      expect((await local.read('shops/3/uploads/u.webp'))?.toString()).toBe('upload');
      expect((await local.read('shops/3/generated/4-1.jpg'))?.toString()).toBe('generated');
      expect((await local.read('catalog/shirt-1.jpg'))?.toString()).toBe('catalog');
      expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'generated'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never reads through a symbolic link out of the directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-storage-link-'));
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-storage-outside-'));
    try {
      fs.writeFileSync(path.join(outside, 'secret.png'), 'secret');
      fs.mkdirSync(path.join(dir, 'shops', '1', 'uploads'), { recursive: true });
      fs.symlinkSync(path.join(outside, 'secret.png'), path.join(dir, 'shops', '1', 'uploads', 'link.png'));
      const local = new LocalDirectory(dir);
      expect(await local.read('shops/1/uploads/link.png')).toBeNull();
      expect(await local.open('shops/1/uploads/link.png')).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
