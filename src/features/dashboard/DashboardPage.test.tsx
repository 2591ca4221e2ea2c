jest.setTimeout(30_000);
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { settle } from '../../test/settle';
import type { Onboarding } from '../../contracts/shop';
import type { ExtensionCheck } from '../../contracts/extensionCheck';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { funnelReport, onboardingData as onboarding, statsData } from '../../test/fixtures';
import DashboardPage from './DashboardPage';
import { bannerKind } from './DashboardBanner';
import { TEST_SHOP } from '../../test/renderWithProviders';

const DEMO_CHECK: ExtensionCheck = {
  mode: 'demo',
  storefrontUrl: 'http://app/storefront/products/linen-shirt-sand?look=1',
};

function api(
  ob: Onboarding = onboarding(),
  stats = statsData({ addToCartRevenue: 1520.5, orderGenerated: 42, looksCount: 4, generatedRevenue: 900 }),
  check: ExtensionCheck = DEMO_CHECK,
) {
  return mockBackend({
    'GET /stats': ok(stats),
    'GET /shop/onboarding': ok(ob),
    'GET /shop/extensionCheck': ok(check),
    'GET /analytics/funnel': ok(funnelReport([])),
    'GET /productLooks/soldOut': ok({ looks: [] }),
  });
}

describe('DashboardPage', () => {
  it('shows the three totals from GET /stats?lite=true with money in the shop currency', async () => {
    const { calls } = api();
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('$1,520.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4 Looks' })).toHaveAttribute('href', '/looks');
    expect(screen.getByText('42')).toBeInTheDocument();
    const statsCall = calls.find((c) => c.path === '/stats')!;
    expect(statsCall.params.get('lite')).toBe('true');
  });

  it('shows the setup guide progress and the next step action', async () => {
    api(onboarding({ createdLook: true, appBlockInstalled: false, shopUpdated: false }));
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('1 of 3 tasks completed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '33');
    expect(screen.getByRole('link', { name: 'Enable app extension' })).toHaveAttribute(
      'href',
      expect.stringContaining('addAppBlockId'),
    );
    expect(screen.getByRole('link', { name: 'Customize design' })).toHaveAttribute('href', '/layout');
    expect(screen.queryByRole('link', { name: 'Create look' })).toBeNull();
    expect(screen.queryByText('You’re all set')).toBeNull();
  });

  it('script-tag shops get the script tag path instead of the theme extension', async () => {
    api(onboarding({ createdLook: false, scriptTagSupported: true }));
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('1 of 3 tasks completed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create look' })).toHaveAttribute('href', '/looks/new');
    expect(screen.queryByRole('link', { name: 'Enable app extension' })).toBeNull();
  });

  it('completes when all three steps are done', async () => {
    api(onboarding({ createdLook: true, appBlockInstalled: true, shopUpdated: true }));
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText('You’re all set')).toBeInTheDocument();
    expect(screen.getByText('3 of 3 tasks completed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '100');
  });

  it('hiding the guide stores the flag and the onboarding query is no longer made', async () => {
    const { calls } = api();
    const { store } = renderWithProviders(<DashboardPage />);
    await screen.findByText('1 of 3 tasks completed');
    const before = calls.filter((c) => c.path === '/shop/onboarding').length;
    await userEvent.click(screen.getByRole('button', { name: 'Hide guide' }));
    expect(store.getState().onboarding.hidden).toBe(true);
    expect(screen.queryByText('Setup guide')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Show setup guide' }).length).toBeGreaterThan(0);
    await settle(50);
    expect(calls.filter((c) => c.path === '/shop/onboarding').length).toBe(before);
  });

  it('when hidden from the start, GET /shop/onboarding is never called', async () => {
    const { calls } = api();
    renderWithProviders(<DashboardPage />, { preloadedState: { onboarding: { hidden: true } } as never });
    await screen.findByText('$1,520.50');
    await settle(50);
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/analytics/funnel',
      '/productLooks/soldOut',
      '/shop/extensionCheck',
      '/stats',
    ]);
    expect(screen.queryByText('Setup guide')).toBeNull();
    // the extension card still tells the truth, independent of the guide
    expect(await screen.findByRole('link', { name: 'Open demo storefront' })).toHaveAttribute(
      'href',
      DEMO_CHECK.storefrontUrl,
    );
  });

  it('a failed stats load shows the general error toast and a retry', async () => {
    let failing = true;
    const host = (await import('../../test/fakeHost')).createFakeHost();
    mockBackend({
      'GET /stats': () =>
        failing ? fail(500, 'boom') : ok(statsData({ addToCartRevenue: 1, orderGenerated: 2, looksCount: 3 })),
      'GET /shop/onboarding': ok(onboarding()),
      'GET /shop/extensionCheck': ok(DEMO_CHECK),
      'GET /analytics/funnel': ok(funnelReport([])),
      'GET /productLooks/soldOut': ok({ looks: [] }),
    });
    renderWithProviders(<DashboardPage />, { host });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(host.toasts).toEqual([{ message: 'Something went wrong. Please try again.', isError: true }]);
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByText('$1.00')).toBeInTheDocument();
  });

  it('shows the extension status and the upgrade banner from shop state; the announcement stays off', async () => {
    api(onboarding({ appBlockInstalled: true }), undefined, {
      mode: 'theme',
      themeName: 'Dawn',
      embedEnabled: true,
      appBlockPlaced: true,
      embedDeepLink: 'https://s/admin/themes/current/editor?context=apps&template=product&activateAppId=k/looks-embed',
      appBlockDeepLink:
        'https://s/admin/themes/current/editor?template=product&addAppBlockId=k/shoppable-look&target=mainSection',
    });
    renderWithProviders(<DashboardPage />, { shop: { shouldUpgradeToPaidPlan: true } });
    expect(await screen.findByText('Published theme: Dawn')).toBeInTheDocument();
    expect(screen.getAllByText('Enabled').length).toBeGreaterThan(0);
    expect(screen.getByText('Your free plan is full')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing/plans');
    expect(screen.queryByText('New: AI images for your looks')).toBeNull();
    expect(screen.getByRole('link', { name: 'Email' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  it('bannerKind picks the most urgent banner', () => {
    expect(bannerKind(TEST_SHOP)).toBeNull();
    expect(bannerKind({ ...TEST_SHOP, shouldUpgradeToPaidPlan: true, reOAuthUrl: '/api/auth' })).toBe('reauthorize');
    expect(bannerKind({ ...TEST_SHOP, usesLatestVersion: false })).toBe('update');
  });
});
