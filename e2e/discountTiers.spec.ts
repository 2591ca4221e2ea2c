import { test, expect, openApp } from './fixtures';
import { adminApi } from './adminApi';
import type { Paginated } from '../src/contracts/api';
import type { LookDetailResponse } from '../src/contracts/looks';

/**
 * Mix-and-match tiers (issue 28): the merchant adds them in the look form, which says what the shopper
 * gets; the demo storefront's look block shows them and the next tier, which moves on as the shopper adds
 * items of the look. The demo's booster keeps the default combinations (not with product discounts).
 */
const HANDLE = 'linen-shirt-sand';

test.describe.configure({ mode: 'serial' });

let lookId = 0;

test('the look form saves tiers and says what the shopper gets', async ({ page, request }) => {
  const api = await adminApi(request);
  const list = (await api.get('/productLooks?limit=50')) as Paginated<{ id: number; title: string }>;
  lookId = list.data.find((l) => l.title === 'Summer in the City')!.id;

  await openApp(page, `/looks/edit/${lookId}`);
  await expect(page.getByLabel('Offer a discount when the look is bought together')).toBeChecked();
  await page.getByRole('button', { name: 'Add tier' }).click();
  await page.getByRole('button', { name: 'Add tier' }).click();
  await expect(page.getByLabel('Items', { exact: true })).toHaveCount(2);
  await expect(page.getByLabel('Items', { exact: true }).nth(1)).toHaveValue('3');
  await page.getByLabel('Tier discount').nth(1).fill('15');
  await expect(page.getByText('Buy 2, save 10 %')).toBeVisible();
  await expect(page.getByText('Buy 3, save 15 %')).toBeVisible();
  await expect(page.getByText(/With 2 items of the look in the cart: Add 1 more for 15 %/)).toBeVisible();
  await expect(page.getByText(/^Save \d+ % when you buy the complete look$/)).toBeVisible();
  await expect(page.getByText('Not combinable with other product discounts')).toBeVisible();

  // A tier that gives no more than the one before is refused, with its message, and nothing is saved.
  await page.getByLabel('Tier discount').nth(1).fill('5');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Tier discount must be more than in the tier before')).toBeVisible();
  expect(((await api.get(`/productLooks/${lookId}`)) as LookDetailResponse).look.discount.tiers).toEqual([]);

  await page.getByLabel('Tier discount').nth(1).fill('15');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect
    .poll(async () => ((await api.get(`/productLooks/${lookId}`)) as LookDetailResponse).look.discount.tiers)
    .toEqual([
      { quantity: 2, percentage: 10 },
      { quantity: 3, percentage: 15 },
    ]);
  await page.reload();
  await expect(page.getByLabel('Tier discount')).toHaveCount(2);
  await expect(page.getByText('Buy 3, save 15 %')).toBeVisible();
});

test('the storefront block shows the tiers and the next tier, which moves on as the shopper adds items', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  // The look as such: the demo's running A/B test (another layout for half the shoppers) is stopped.
  for (const e of (await api.get('/experiments')) as { id: number; status: string }[]) {
    if (e.status === 'running') await api.patch(`/experiments/${e.id}`, { status: 'stopped' });
  }
  await api.patch('/layout', { definedTemplate: 'inpage', placementMethod: 'section' });

  await page.goto(`/storefront/products/${HANDLE}?look=${lookId}`);
  await expect(page.locator('.sl-widget[data-sl-ready]')).toHaveCount(1);
  const offer = page.locator('.sl-offer');
  await expect(offer.locator('.sl-offer-complete')).toHaveText(/^Save \d+ % when you buy the complete look$/);
  await expect(offer.locator('.sl-tier')).toHaveText(['Buy 2, save 10 %', 'Buy 3, save 15 %']);
  await expect(offer.locator('.sl-next-tier:visible')).toHaveText('Add 2 more for 10 %');
  await expect(offer.locator('.sl-not-combinable')).toHaveText('Not combinable with other product discounts');

  const addButtons = page.locator('.sl-item .sl-atc:not([disabled])');
  await addButtons.nth(0).click();
  await expect(offer.locator('.sl-next-tier:visible')).toHaveText('Add 1 more for 10 %');
  await addButtons.nth(1).click();
  await expect(offer.locator('.sl-next-tier:visible')).toHaveText('Add 1 more for 15 %');
  await expect(offer.locator('.sl-tier.is-met')).toHaveText('Buy 2, save 10 %');
  await addButtons.nth(2).click();
  await expect(offer.locator('.sl-tier.is-met')).toHaveText('Buy 3, save 15 %');
  await expect(offer.locator('.sl-next-tier:visible')).toHaveCount(0);

  // In German (the storefront's language), with the plural of the next line.
  await api.patch('/shop', { locale: 'de' });
  await page.goto(`/storefront/products/${HANDLE}?look=${lookId}`);
  await expect(offer.locator('.sl-tier')).toHaveText(['Kaufe 2, spare 10 %', 'Kaufe 3, spare 15 %']);
  await expect(offer.locator('.sl-next-tier:visible')).toHaveText('Noch 2 Artikel mehr für 10 %');
  await expect(offer.locator('.sl-not-combinable')).toHaveText('Nicht mit anderen Produktrabatten kombinierbar');
});
