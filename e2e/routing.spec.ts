import { test, expect, openApp } from './fixtures';
import { ADMIN_ROUTES } from './routes';

/**
 * react-router-dom's data router (src/app/App.tsx, routes.tsx): every screen opens from its own
 * URL, in-app links move without a document load, and the browser's back and forward buttons
 * move between the app's pages. (The leave confirmation: looks.spec.ts standalone, shopify.spec.ts
 * inside Shopify admin.)
 */
test.describe('routing', () => {
  for (const path of ADMIN_ROUTES) {
    test(`deep link ${path} opens its page`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await openApp(page, path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page.locator('#AppFrameMain h1').first()).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('in-app links keep the document; back and forward move between the pages', async ({ page }) => {
    await openApp(page, '/looks');
    await expect(page.getByRole('heading', { level: 1, name: 'Looks' })).toBeVisible();
    // A marker on the window survives only navigation inside the app (no new document).
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const nav = page.locator('nav.Polaris-Navigation');
    await nav.getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/looks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Looks' })).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('a route parameter reaches its page: a look opens from the list and from its URL', async ({ page }) => {
    await openApp(page, '/looks');
    await page.getByRole('button', { name: 'Edit Autumn Layers' }).first().click();
    await expect(page).toHaveURL(/\/looks\/edit\/\d+$/);
    const url = page.url();
    await expect(page.getByRole('button', { name: 'Add products' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('button', { name: 'Add products' })).toBeVisible();
  });
});
