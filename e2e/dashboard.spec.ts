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
    await expect(page.getByText('1 of 3 tasks completed')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enable app extension' })).toHaveAttribute('href', /addAppBlockId=/);
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
});
