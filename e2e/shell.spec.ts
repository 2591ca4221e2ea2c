import { test, expect, openApp } from './fixtures';

const NAV = ['Dashboard', 'Looks', 'Layout', 'Booster', 'Analytics', 'Billing', 'Settings'];

test.describe('app shell', () => {
  test('opens on the demo store and walks every navigation item', async ({ page }) => {
    await openApp(page, '/');
    const nav = page.locator('nav.Polaris-Navigation');
    for (const label of NAV) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    const expected: Record<string, RegExp> = {
      Looks: /\/looks$/,
      Layout: /\/layout$/,
      Booster: /\/booster$/,
      Analytics: /\/analytics$/,
      Billing: /\/billing\/plans$/,
      Settings: /\/settings$/,
      Dashboard: /\/$/,
    };
    for (const label of [...NAV.slice(1), 'Dashboard']) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(expected[label]);
      await expect(page.locator('h1').first()).toBeVisible();
    }
  });

  test('unknown routes show the not-found page', async ({ page }) => {
    await openApp(page, '/nope');
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    await openApp(page, '/notFound');
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  });

  test('exitiframe refuses a foreign host with the exact warning', async ({ page }) => {
    await openApp(page, '/exitiframe?redirectUri=https://evil.example');
    await expect(
      page.getByText('Redirecting outside of Shopify: Apps can only use /exitiframe to reach Shopify or the app itself.'),
    ).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(page.url()).host);
  });

  test('?locale=de shows the German UI', async ({ page }) => {
    await openApp(page, '/?locale=de');
    await expect(page.locator('nav.Polaris-Navigation').getByRole('link', { name: 'Einstellungen' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('navigation is hidden on plans during onboarding', async ({ page }) => {
    await openApp(page, '/billing/plans?onboarding=1');
    await expect(page.locator('nav.Polaris-Navigation')).toHaveCount(0);
    await openApp(page, '/billing/plans');
    await expect(page.locator('nav.Polaris-Navigation')).toBeVisible();
  });

  test('on a phone the menu opens from the top bar toggle', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, '/');
    const settings = page.locator('nav.Polaris-Navigation').getByRole('link', { name: 'Settings', exact: true });
    await expect(settings).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(settings).toBeInViewport();
    await settings.click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});
