import { expect, type Page } from '@playwright/test';

/**
 * Picks products in the standalone product picker modal: searches each title,
 * ticks it, confirms. Labels are passed in so specs can run in any language.
 */
export async function pickProducts(page: Page, titles: string[], labels: { search: string; select: string }) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (const title of titles) {
    await dialog.getByPlaceholder(labels.search).fill(title.split(' — ')[0]);
    await dialog.getByTestId('picker-product').filter({ hasText: title }).locator('label').first().click();
  }
  await dialog.getByRole('button', { name: labels.select }).click();
  await expect(dialog).toBeHidden();
}
