import { sizedImageUrl, THUMBNAIL_PX } from './sizedImageUrl';

describe('sizedImageUrl', () => {
  it("asks Shopify's image CDN for twice the displayed width, keeping the image's own parameters", () => {
    expect(
      sizedImageUrl('https://cdn.shopify.com/s/files/1/0001/products/coat.jpg?v=1683744744', THUMBNAIL_PX.small),
    ).toBe('https://cdn.shopify.com/s/files/1/0001/products/coat.jpg?v=1683744744&width=80');
    expect(sizedImageUrl('https://cdn.shopify.com/s/files/coat.jpg?width=2048', 60)).toBe(
      'https://cdn.shopify.com/s/files/coat.jpg?width=120',
    );
    expect(sizedImageUrl('https://shopify-assets.shopifycdn.com/s/files/x.png', 80)).toBe(
      'https://shopify-assets.shopifycdn.com/s/files/x.png?width=160',
    );
  });

  it("asks the app's own files (server/routes/files.ts) for the thumbnail widths, relative or absolute", () => {
    expect(sizedImageUrl('/files/catalog/trench-coat-camel-1.jpg', THUMBNAIL_PX.small)).toBe(
      '/files/catalog/trench-coat-camel-1.jpg?width=80',
    );
    expect(sizedImageUrl('https://app.example.com/files/shops/1/uploads/a1.png', THUMBNAIL_PX.medium)).toBe(
      'https://app.example.com/files/shops/1/uploads/a1.png?width=120',
    );
    expect(sizedImageUrl('http://localhost:3000/files/shops/1/generated/b2.webp', THUMBNAIL_PX.large)).toBe(
      'http://localhost:3000/files/shops/1/generated/b2.webp?width=160',
    );
  });

  it.each([
    '/files/catalog/logo.svg',
    '/files/catalog/coat.jpg?v=2',
    'https://bucket.example.com/shops/1/uploads/a1.png',
    'https://cdn.example.com/coat.jpg',
    'https://cdn.shopify.com.evil.example/coat.jpg',
    'http://cdn.shopify.com/coat.jpg',
    'data:image/svg+xml,<svg/>',
    'https://',
  ])('leaves %s as it is', (url) => {
    expect(sizedImageUrl(url, 40)).toBe(url);
  });
});
