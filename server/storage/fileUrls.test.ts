import { loadConfig } from '../config';
import { FileUrls, keyFromPath } from './fileUrls';
import { withPublicImages } from '../services/storefront/metafields';
import type { StorefrontLook } from '../../src/contracts/storefront';

describe('file references and URLs', () => {
  const app = new FileUrls(loadConfig({ APP_URL: 'https://looks.example' }));
  const cdn = new FileUrls(
    loadConfig({ APP_URL: 'https://looks.example', FILES_PUBLIC_URL: 'https://cdn.example/media/' }),
  );

  it('finds the key of /files/<key>, of the app URL form and of the public URL form; nothing else is a file of the app', () => {
    expect(cdn.keyOf('/files/shops/3/uploads/a.webp')).toBe('shops/3/uploads/a.webp');
    expect(cdn.keyOf('https://looks.example/files/shops/3/generated/4-1.jpg?v=2')).toBe('shops/3/generated/4-1.jpg');
    expect(cdn.keyOf('https://cdn.example/media/catalog/shirt-1.jpg#x')).toBe('catalog/shirt-1.jpg');
    expect(cdn.keyOf('https://cdn.shopify.com/s/files/1/x.jpg')).toBeNull();
    expect(cdn.keyOf('https://looks.example.evil/files/shops/3/uploads/a.webp')).toBeNull();
    expect(cdn.keyOf('/files/shops/3/../4/uploads/a.webp')).toBeNull();
    expect(cdn.keyOf('/files/shops/3/uploads/%2e%2e%2fx')).toBeNull();
  });

  it("maps the layout before server/storage to today's keys", () => {
    expect(keyFromPath('uploads/12/a.png')).toBe('shops/12/uploads/a.png');
    expect(keyFromPath('generated/12/5-1.jpg')).toBe('shops/12/generated/5-1.jpg');
    expect(keyFromPath('uploads/note.txt')).toBe('uploads/note.txt');
    expect(app.keyOf('https://looks.example/files/uploads/12/a.png')).toBe('shops/12/uploads/a.png');
  });

  it("gives storefronts the public URL of the app's files (FILES_PUBLIC_URL, default the app) and leaves other images alone", () => {
    expect(app.publicRef('/files/shops/3/uploads/a.webp')).toBe('https://looks.example/files/shops/3/uploads/a.webp');
    expect(cdn.publicRef('/files/shops/3/uploads/a.webp')).toBe('https://cdn.example/media/shops/3/uploads/a.webp');
    expect(cdn.publicRef('https://looks.example/files/uploads/3/a.webp')).toBe(
      'https://cdn.example/media/shops/3/uploads/a.webp',
    );
    expect(cdn.publicRef('https://cdn.shopify.com/s/files/1/x.jpg')).toBe('https://cdn.shopify.com/s/files/1/x.jpg');
    expect(cdn.publicRef(null)).toBeNull();
    const look: StorefrontLook = {
      id: 1,
      title: 'L',
      mainProduct: { productId: 'p', handle: 'h', title: 'T', image: '/files/shops/3/generated/9-1.jpg' },
      markerColor: 'FFFFFF',
      discount: null,
      items: [
        {
          productId: 'q',
          handle: 'i',
          title: 'I',
          image: 'https://cdn.shopify.com/s/files/1/x.jpg',
          url: '/products/i',
          variantId: null,
          price: 1,
          compareAtPrice: null,
          available: true,
          markerX: 1,
          markerY: 2,
        },
      ],
      experiment: {
        id: 4,
        variants: [
          { id: 5, split: 50, control: true, image: null, template: null },
          {
            id: 6,
            split: 50,
            control: false,
            image: 'https://looks.example/files/shops/3/uploads/b.png',
            template: null,
          },
        ],
      },
    };
    const published = withPublicImages(look, (ref) => cdn.publicRef(ref));
    expect(published.mainProduct.image).toBe('https://cdn.example/media/shops/3/generated/9-1.jpg');
    expect(published.items[0].image).toBe('https://cdn.shopify.com/s/files/1/x.jpg');
    expect(published.experiment?.variants.map((v) => v.image)).toEqual([
      null,
      'https://cdn.example/media/shops/3/uploads/b.png',
    ]);
  });

  it('checks the S3_* and FILES_PUBLIC_URL variables', () => {
    expect(loadConfig({}).files.s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'looks-files',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }).files.s3,
    ).toEqual({
      bucket: 'looks-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    });
    expect(loadConfig({ S3_BUCKET: 'looks-files', S3_REGION: 'auto' }).files.s3).toMatchObject({
      region: 'auto',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'a' })).toThrow(/go together/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/without S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ FILES_PUBLIC_URL: 'ftp://x' })).toThrow(/FILES_PUBLIC_URL/);
    expect(() => loadConfig({ FILES_PUBLIC_URL: 'https://cdn.example/?a=1' })).toThrow(/FILES_PUBLIC_URL/);
    expect(loadConfig({ APP_URL: 'https://a.example/' }).files.publicUrl).toBe('https://a.example/files');
  });
});
