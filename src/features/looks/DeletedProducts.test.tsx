import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DEFAULT_LAYOUT_SETTINGS } from '../../contracts/layout';
import { mockBackend, ok } from '../../test/fakeBackend';
import { lookDetail, lookListItem, pageOf, storedLook } from '../../test/fixtures';
import LooksListPage from './LooksListPage';
import LookEditPage from './LookEditPage';
import de from '../../../translations/de.json';

/** Looks whose products the platform deleted (products/delete): marked in the list and the form. */
jest.setTimeout(30_000);

const LOOK = storedLook({
  relatedItems: [
    // The stored look's own item (Chino Pants), and another.
    ...storedLook().relatedItems.slice(0, 1),
    {
      itemId: 'gid://shopify/Product/3',
      title: 'Canvas Tote',
      image: '',
      order: 1,
      type: 'product',
      markerX: 50,
      markerY: 50,
    },
  ],
});

describe('deleted products of a look', () => {
  it('the list shows a "Product deleted" badge on the looks the server marks, only those', async () => {
    mockBackend({ 'GET /productLooks': ok(pageOf([lookListItem(1, { productDeleted: true }), lookListItem(2)])) });
    renderWithProviders(<LooksListPage />, { route: '/looks' });
    const row1 = (await screen.findByText('Look 1')).closest('tr')!;
    const row2 = screen.getByText('Look 2').closest('tr')!;
    expect(within(row1).getByText('Product deleted')).toBeInTheDocument();
    expect(within(row2).queryByText('Product deleted')).toBeNull();
  });

  it('the form names each deleted product with the badge and explains what the store does', async () => {
    mockBackend({
      'GET /productLooks/:id': ok({ ...lookDetail(LOOK), deletedProducts: ['gid://shopify/Product/3'] }),
      'GET /layout': ok(DEFAULT_LAYOUT_SETTINGS),
    });
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id', messages: de });
    const banner = (await screen.findByText('Ein Produkt dieses Looks wurde in deinem Shop gelöscht')).closest(
      '.Polaris-Banner',
    ) as HTMLElement;
    expect(within(banner).getByText('Canvas Tote')).toBeInTheDocument();
    expect(within(banner).getByText('Produkt gelöscht')).toBeInTheDocument();
    expect(within(banner).queryByText('Chino Pants')).toBeNull();
  });

  it('counts the deleted products (main product and related items)', async () => {
    mockBackend({
      'GET /productLooks/:id': ok({
        ...lookDetail(LOOK),
        deletedProducts: [LOOK.mainProduct.itemId, 'gid://shopify/Product/2'],
      }),
      'GET /layout': ok(DEFAULT_LAYOUT_SETTINGS),
    });
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id' });
    const banner = (await screen.findByText('2 products of this look were deleted in your store')).closest(
      '.Polaris-Banner',
    ) as HTMLElement;
    expect(within(banner).getByText(LOOK.mainProduct.title)).toBeInTheDocument();
    expect(within(banner).getByText('Chino Pants')).toBeInTheDocument();
    expect(within(banner).getAllByText('Product deleted')).toHaveLength(2);
  });

  it('the form shows no banner when no product was deleted', async () => {
    mockBackend({ 'GET /productLooks/:id': ok(lookDetail(LOOK)), 'GET /layout': ok(DEFAULT_LAYOUT_SETTINGS) });
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id' });
    await screen.findByRole('heading', { name: LOOK.title, level: 1 });
    expect(screen.queryByText(/deleted in your store/)).toBeNull();
  });
});
