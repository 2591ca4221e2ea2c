import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { mockBackend, ok } from '../../../test/fakeBackend';
import { lookListItem as look, pageOf } from '../../../test/fixtures';
import { PHONE_WIDTH, useViewportWidth } from '../../../test/viewport';
import { LooksTable } from './LooksTable';

jest.setTimeout(30_000);

const LOOKS = [
  look(1, { active: true, storeFrontUrl: 'http://x/storefront/products/a?look=1', tags: 'summer,city' }),
  look(2),
];

describe('LooksTable', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it.each([PHONE_WIDTH, 1024])(
    'at %i px each look is a stacked entry with its status, tags and every action (no wide table)',
    async (width) => {
      restore = useViewportWidth(width);
      mockBackend({ 'GET /productLooks': ok(pageOf(LOOKS)) });
      renderWithProviders(<LooksTable onDelete={() => undefined} />, { route: '/looks' });
      const title = await screen.findByText('Look 1');
      expect(title.closest('table')).toBeNull();
      const entry = title.closest('li')!;
      expect(within(entry).getByText('Active')).toBeInTheDocument();
      expect(within(entry).getByText('summer')).toBeInTheDocument();
      for (const name of ['View live: Look 1', 'Set to draft: Look 1', 'Edit Look 1', 'Delete Look 1']) {
        expect(within(entry).getByRole('button', { name })).toBeInTheDocument();
      }
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    },
  );

  it('on a wide screen the looks are a table with an Actions column', async () => {
    restore = useViewportWidth(1280);
    mockBackend({ 'GET /productLooks': ok(pageOf(LOOKS)) });
    renderWithProviders(<LooksTable onDelete={() => undefined} />, { route: '/looks' });
    const row = (await screen.findByText('Look 2')).closest('tr')!;
    expect(within(row).getByText('Draft')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Activate Look 2' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it("shows a product image of Shopify's CDN and the app's own files as thumbnail-sized images", async () => {
    restore = useViewportWidth(1280);
    const cdn = 'https://cdn.shopify.com/s/files/1/0001/files/coat.jpg?v=17';
    mockBackend({
      'GET /productLooks': ok(pageOf([look(1, { image: cdn }), look(2, { image: '/files/catalog/shirt.jpg' })])),
    });
    const { container } = renderWithProviders(<LooksTable onDelete={() => undefined} />, { route: '/looks' });
    await screen.findByText('Look 2');
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([`${cdn}&width=80`, '/files/catalog/shirt.jpg?width=80']);
  });
});
