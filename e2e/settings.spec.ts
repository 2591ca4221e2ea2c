import { test, expect, openApp } from './fixtures';

test.describe('settings', () => {
  test('generates an API token shown once and copies it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openApp(page, '/settings');
    await page.getByRole('button', { name: 'Generate API token' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText('This token is shown only once')).toBeVisible();
    await expect(page.getByText('API token generated').first()).toBeVisible();
    const token = await modal.getByLabel('API token').inputValue();
    expect(token).toMatch(/^shpl_/);
    await modal.getByRole('button', { name: 'Copy' }).click();
    await expect(modal.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expect(modal.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 3000 });
    await modal.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a required variant label is enforced', async ({ page }) => {
    await openApp(page, '/settings');
    await page.getByLabel('Variant label').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Variant label is a required field')).toBeVisible();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByLabel('Variant label')).toHaveValue('Variant');
  });

  test('switching the language to Italian shows the UI in Italian after saving', async ({ page }) => {
    await openApp(page, '/settings');
    await page.getByLabel('Language', { exact: true }).selectOption('it');
    await page.getByRole('button', { name: 'Save' }).click();
    const nav = page.locator('nav.Polaris-Navigation');
    await expect(nav.getByRole('link', { name: 'Impostazioni' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { name: 'Impostazioni' })).toBeVisible();
    await expect(page.getByLabel('Lingua', { exact: true })).toHaveValue('it');
  });
});
