import { test, expect, openApp } from './fixtures';
import type { Page } from '@playwright/test';

async function apiGet(page: Page, path: string) {
  const { token } = await (await page.request.get('/api/dev/session-token')).json();
  const res = await page.request.get(`/admin/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return res.json();
}

const usd = (n: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(n);

test.describe('dashboard', () => {
  test('shows the seeded totals in the three summary cards', async ({ page }) => {
    const stats = await apiGet(page, '/stats?lite=true');
    expect(stats.orderGenerated).toBeGreaterThan(60);
    await openApp(page, '/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText(usd(stats.addToCartRevenue), { exact: true })).toBeVisible();
    await expect(page.getByText(String(stats.orderGenerated), { exact: true })).toBeVisible();
    const looks = page.getByRole('link', { name: `${stats.looksCount} Looks`, exact: true });
    await expect(looks).toHaveAttribute('href', '/looks');
  });

  test('setup guide: progress and actions from the shop state', async ({ page }) => {
    await openApp(page, '/');
    // The demo store has no Shopify theme: its storefront has the look block, so that step is done and no
    // button leads to a theme editor that does not exist.
    await expect(page.getByText('2 of 3 tasks completed')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Enable the app on your theme', level: 3 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enable app extension' })).toHaveCount(0);
    await expect(page.locator('a[href*="/admin/themes/"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Customize design' })).toHaveAttribute('href', '/layout');
    await expect(page.getByRole('heading', { name: 'App extension' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get in touch' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();
  });

  test('hiding the guide survives a reload and the browser does not ask for the onboarding', async ({ page }) => {
    await openApp(page, '/');
    await expect(page.getByRole('heading', { name: 'Setup guide' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide guide' }).click();
    await expect(page.getByRole('heading', { name: 'Setup guide' })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('hide_onboarding'))).toContain('true');

    const onboardingCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/shop/onboarding')) onboardingCalls.push(r.url());
    });
    // The page arrives rendered by the server (with the totals): the browser hides the guide it cannot know of.
    await openApp(page, '/');
    await expect(page.getByText('Total orders generated')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Setup guide' })).toHaveCount(0);
    expect(onboardingCalls).toEqual([]);

    // and it can be brought back
    await page.getByRole('button', { name: 'Show setup guide' }).first().click();
    await expect(page.getByRole('heading', { name: 'Setup guide' })).toBeVisible();
  });

  // Last in this file: it completes the guide for the rest of the file's database.
  test('the demo completes the guide: customize the design, and the dashboard says you are all set', async ({
    page,
  }) => {
    await openApp(page, '/');
    await page.getByRole('link', { name: 'Customize design' }).click();
    await expect(page.getByRole('heading', { name: 'Layout', level: 1 })).toBeVisible();
    await page.getByLabel('Widget title').fill('Complete the look');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByText('3 of 3 tasks completed')).toBeVisible();
    await expect(page.getByText('You’re all set')).toBeVisible();
  });
});
