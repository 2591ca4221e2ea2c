/**
 * @jest-environment node
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Thumbnail } from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { ProductThumbnail } from './ProductThumbnail';

const CDN_IMAGE = 'https://cdn.shopify.com/s/files/1/shirt.jpg';

describe('ProductThumbnail', () => {
  it.each([
    ['small', 80],
    ['medium', 120],
    ['large', 160],
  ] as const)('%s: Polaris Thumbnail’s markup, its image fetched lazily and decoded off the paint', (size, width) => {
    const source = `${CDN_IMAGE}?width=${width}`;
    const ours = renderToStaticMarkup(<ProductThumbnail image={CDN_IMAGE} size={size} />);
    const polaris = renderToStaticMarkup(<Thumbnail source={source} alt="" size={size} />);
    expect(ours).toContain(' loading="lazy"');
    expect(ours).toContain(' decoding="async"');
    // Rendered on the server (this test's environment), its address waits for the paint (server/ssr/paintFirst.ts).
    expect(ours).toContain(` data-paint-src="${source.replace(/&/g, '&amp;')}"`);
    expect(ours).not.toContain(' src=');
    expect(
      ours.replace(' loading="lazy"', '').replace(' decoding="async"', '').replace(' data-paint-src=', ' src='),
    ).toBe(polaris);
  });

  it('without an image: Polaris Thumbnail with the image icon', () => {
    expect(renderToStaticMarkup(<ProductThumbnail image={null} size="small" />)).toBe(
      renderToStaticMarkup(<Thumbnail source={ImageIcon} alt="" size="small" />),
    );
  });

  it('the app’s own file at the thumbnail’s width (server/routes/fileWidths.ts); another host’s as it is', () => {
    expect(renderToStaticMarkup(<ProductThumbnail image="/files/a.png" size="small" />)).toContain(
      'data-paint-src="/files/a.png?width=80"',
    );
    expect(renderToStaticMarkup(<ProductThumbnail image="https://img.example.com/a.png" size="small" />)).toContain(
      'data-paint-src="https://img.example.com/a.png"',
    );
  });
});
