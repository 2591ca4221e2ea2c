import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { DEFAULT_LAYOUT_SETTINGS } from '../../contracts/layout';
import { mockBackend, ok } from '../../test/fakeBackend';
import { lookDetail, storedLook } from '../../test/fixtures';
import type { LookFormValues } from '../../contracts/looks';
import LookEditPage from './LookEditPage';

/** Stock in the look form (issue 28 §4): the sold-out banner and an alternative product per item. */
const BOOTS = 'gid://shopify/Product/2';
const LOOK = storedLook({
  relatedItems: [
    { itemId: BOOTS, title: 'Suede Boots', image: '', order: 0, type: 'product', markerX: 30, markerY: 35 },
    {
      itemId: 'gid://shopify/Product/3',
      title: 'Jeans',
      image: '',
      order: 1,
      type: 'product',
      markerX: 50,
      markerY: 50,
    },
  ],
});

jest.setTimeout(30_000);

describe('look form: sold-out items and alternatives', () => {
  it('names the sold-out items, lets the merchant pick an alternative per item (not the item itself) and saves it; remove clears it', async () => {
    let stored: LookFormValues & { id: number; title: string } = LOOK;
    const backend = mockBackend({
      'GET /productLooks/:id': () => ok({ ...lookDetail(stored, null), soldOutProducts: [BOOTS] }),
      'GET /layout': ok({ ...DEFAULT_LAYOUT_SETTINGS, definedTemplate: 'inpage_r' as const }),
      'PATCH /productLooks/:id': ({ body }) => {
        stored = { ...stored, ...body };
        return ok({ ...lookDetail(stored, null), soldOutProducts: [BOOTS] });
      },
    });
    const host = createFakeHost();
    const user = userEvent.setup();
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id', host });
    await screen.findByRole('heading', { name: 'Summer in the City', level: 1 });
    const banner = (await screen.findByText('1 item is sold out')).closest('.Polaris-Banner') as HTMLElement;
    expect(within(banner).getByText('Suede Boots')).toBeInTheDocument();
    expect(within(banner).getByText('Sold out')).toBeInTheDocument();

    // Picking the item itself changes nothing.
    host.nextPick = [{ id: BOOTS, title: 'Suede Boots', images: [] }];
    await user.click(
      await screen.findByRole('button', { name: 'Choose alternative – Suede Boots' }, { timeout: 15_000 }),
    );
    expect(screen.queryByText('Alternative: Suede Boots')).toBeNull();
    expect(within(screen.getByTestId('related-items')).getAllByText('No alternative while sold out')).toHaveLength(2);

    host.nextPick = [
      {
        id: 'gid://shopify/Product/9',
        title: 'Loafers',
        images: [{ originalSrc: 'https://cdn.shopify.com/loafers.jpg' }],
      },
    ];
    await user.click(screen.getByRole('button', { name: 'Choose alternative – Suede Boots' }));
    expect(within(screen.getByTestId('related-items')).getByText('Alternative: Loafers')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(backend.callsTo('PATCH /productLooks/:id')).toHaveLength(1));
    const { body } = backend.callsTo('PATCH /productLooks/:id')[0];
    expect(body.relatedItems[0].alternative).toEqual({
      itemId: 'gid://shopify/Product/9',
      title: 'Loafers',
      image: 'https://cdn.shopify.com/loafers.jpg',
    });
    expect(body.relatedItems[1].alternative).toBeUndefined();

    await user.click(await screen.findByRole('button', { name: 'Remove alternative – Suede Boots' }));
    expect(within(screen.getByTestId('related-items')).queryByText('Alternative: Loafers')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(backend.callsTo('PATCH /productLooks/:id')).toHaveLength(2));
    expect(backend.callsTo('PATCH /productLooks/:id')[1].body.relatedItems[0].alternative).toBeNull();
  });

  it('shows no banner when no item is sold out', async () => {
    mockBackend({
      'GET /productLooks/:id': ok(lookDetail(LOOK, null)),
      'GET /layout': ok({ ...DEFAULT_LAYOUT_SETTINGS, definedTemplate: 'inpage_r' as const }),
    });
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id' });
    await screen.findByRole('heading', { name: 'Summer in the City', level: 1 });
    expect(await screen.findAllByRole('button', { name: /Choose alternative – / }, { timeout: 15_000 })).toHaveLength(
      2,
    );
    expect(screen.getAllByText('No alternative while sold out')).toHaveLength(2);
    expect(screen.queryByText(/items? (is|are) sold out/)).toBeNull();
  });
});
