import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { settle } from '../../test/settle';
import type { ExtensionCheck, ThemeExtensionCheck } from '../../contracts/extensionCheck';
import { ExtensionCheckCard } from './ExtensionCheckCard';

const EMBED_LINK =
  'https://s.myshopify.com/admin/themes/current/editor?context=apps&template=product&activateAppId=key/looks-embed';
const BLOCK_LINK =
  'https://s.myshopify.com/admin/themes/current/editor?template=product&addAppBlockId=key/shoppable-look&target=mainSection';
const theme = (over: Partial<ThemeExtensionCheck> = {}): ExtensionCheck => ({
  mode: 'theme',
  themeName: 'Dawn',
  embedEnabled: false,
  appBlockPlaced: false,
  embedDeepLink: EMBED_LINK,
  appBlockDeepLink: BLOCK_LINK,
  ...over,
});

/** The part of the card under a heading (app embed, product page block). */
const part = (title: string) => screen.getByRole('heading', { name: title, level: 3 }).parentElement!.parentElement!;

describe('ExtensionCheckCard', () => {
  it('theme with nothing on: both parts off, each with the editor link that switches it on', async () => {
    mockBackend({ 'GET /shop/extensionCheck': ok(theme()) });
    renderWithProviders(<ExtensionCheckCard scriptTagSupported={false} />);
    expect(await screen.findByText('Published theme: Dawn')).toBeInTheDocument();
    const embed = part('App embed');
    expect(within(embed).getByText('Not enabled')).toBeInTheDocument();
    expect(within(embed).getByRole('link', { name: /Enable app embed/ })).toHaveAttribute('href', EMBED_LINK);
    const block = part('Product page block');
    expect(within(block).getByText('Not placed')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: /Add to product page/ })).toHaveAttribute('href', BLOCK_LINK);
  });

  it('theme with the embed on and the block placed: enabled, and the links open the editor', async () => {
    mockBackend({ 'GET /shop/extensionCheck': ok(theme({ embedEnabled: true, appBlockPlaced: true })) });
    renderWithProviders(<ExtensionCheckCard scriptTagSupported={false} />);
    await screen.findByText('Published theme: Dawn');
    expect(within(part('App embed')).getByText('Enabled')).toBeInTheDocument();
    expect(within(part('Product page block')).getByText('Placed')).toBeInTheDocument();
    expect(within(part('Product page block')).getByRole('link', { name: /Open theme editor/ })).toHaveAttribute(
      'href',
      BLOCK_LINK,
    );
    expect(screen.queryByRole('link', { name: /Enable app embed/ })).toBeNull();
  });

  it('only the block placed: the card is not "enabled" as a whole', async () => {
    mockBackend({ 'GET /shop/extensionCheck': ok(theme({ appBlockPlaced: true, themeName: null })) });
    renderWithProviders(<ExtensionCheckCard scriptTagSupported={false} />);
    expect(await screen.findByText('Your store has no published theme yet.')).toBeInTheDocument();
    expect(within(part('App embed')).getByText('Not enabled')).toBeInTheDocument();
    expect(within(part('Product page block')).getByText('Placed')).toBeInTheDocument();
  });

  it('standalone: says honestly that this is the demo storefront and links to it (no fake "enabled")', async () => {
    mockBackend({
      'GET /shop/extensionCheck': ok<ExtensionCheck>({
        mode: 'demo',
        storefrontUrl: 'http://app/storefront/products/a?look=3',
      }),
    });
    renderWithProviders(<ExtensionCheckCard scriptTagSupported={false} />);
    expect(await screen.findByText('Demo storefront')).toBeInTheDocument();
    expect(screen.getByText(/This is the demo store/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open demo storefront' })).toHaveAttribute(
      'href',
      'http://app/storefront/products/a?look=3',
    );
    expect(screen.queryByText('Enabled')).toBeNull();
  });

  it('standalone without a look: no link, a hint instead', async () => {
    mockBackend({ 'GET /shop/extensionCheck': ok<ExtensionCheck>({ mode: 'demo', storefrontUrl: null }) });
    renderWithProviders(<ExtensionCheckCard scriptTagSupported={false} />);
    expect(await screen.findByText('Create a look to see it on the demo storefront.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open demo storefront' })).toBeNull();
  });

  it('a failed check says so and retries', async () => {
    let failing = true;
    const backend = mockBackend({
      'GET /shop/extensionCheck': () =>
        failing ? fail(502, 'The platform did not answer') : ok(theme({ embedEnabled: true })),
    });
    renderWithProviders(<ExtensionCheckCard scriptTagSupported={false} />);
    expect(await screen.findByText("We couldn't read your theme right now.")).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Published theme: Dawn')).toBeInTheDocument();
    expect(backend.callsTo('GET /shop/extensionCheck').length).toBeGreaterThanOrEqual(2);
  });

  it('script-tag shops need nothing and are not checked', async () => {
    const backend = mockBackend({ 'GET /shop/extensionCheck': ok(theme()) });
    renderWithProviders(<ExtensionCheckCard scriptTagSupported />);
    expect(screen.getByText('Script tag')).toBeInTheDocument();
    await settle(30);
    expect(backend.callsTo('GET /shop/extensionCheck')).toHaveLength(0);
  });
});
