import { test, expect, openApp } from './fixtures';

test.describe('booster', () => {
  test('adds and deletes a collection; the featured one cannot be deleted', async ({ page }) => {
    await openApp(page, '/booster');
    await expect(page.getByText('Featured looks')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Featured looks' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add collection' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(modal.getByText('Name is a required field')).toBeVisible();
    await modal.getByLabel('Name').fill('Summer edit');
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Collection created')).toBeVisible();
    await expect(page.getByTestId('collection-row').filter({ hasText: 'Summer edit' })).toBeVisible();
    await expect(page.getByText(/collections\/\d+-summer-edit/)).toBeVisible();
    // Creating a collection does not open the booster save bar.
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete Summer edit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Collection deleted')).toBeVisible();
    await expect(page.getByTestId('collection-row').filter({ hasText: 'Summer edit' })).toHaveCount(0);
  });

  test('discount and cart rules are saved', async ({ page }) => {
    await openApp(page, '/booster');
    await page.getByLabel('Discount type').selectOption('code');
    await expect(page.getByLabel('Apply discount on add to cart')).toBeChecked();
    await page.getByLabel('Discount value').fill('abc');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Discount value must be a number')).toBeVisible();
    await page.getByLabel('Discount value').fill('15');
    await page.getByLabel('Discount code').fill('LOOK15');
    await page.getByLabel('Show on cart page').check();
    await page.getByLabel('Cart page CSS selector').fill('.cart__footer');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Discount value')).toHaveValue('15');
    await expect(page.getByLabel('Cart page CSS selector')).toHaveValue('.cart__footer');
    await page.getByLabel('Show on cart page').uncheck();
    await page.getByLabel('Discount type').selectOption('none');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Discount type')).toHaveValue('none');
    await page.getByLabel('Show on cart page').check();
    await expect(page.getByLabel('Cart page CSS selector')).toHaveValue('');
  });
});
