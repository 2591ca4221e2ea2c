import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';
import { pickProducts } from './picker';

type Locale = 'en' | 'fr';
const catalogs: Record<Locale, Record<string, string>> = {
  en: JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'translations', 'en.json'), 'utf8')),
  fr: JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'translations', 'fr.json'), 'utf8')),
};
const translator = (locale: Locale) => (key: string, values?: Record<string, string | number>) =>
  String(new IntlMessageFormat(catalogs[locale][key], locale).format(values));

const MAIN = 'Sun Dress — Lemon';
const RELATED = ['Bucket Hat — Cream', 'Tote Bag — Natural'];

/** Picks products in the standalone picker modal (search, tick, select). */
const pick = (page: Page, t: ReturnType<typeof translator>, titles: string[]) =>
  pickProducts(page, titles, { search: t('Picker.search'), select: t('Picker.select', { count: titles.length }) });

// The titles alone (a row also names its alternative and offers to choose one).
const relatedTitles = (page: Page) => page.getByTestId('related-item-title').allInnerTexts();

for (const locale of ['en', 'fr'] as const) {
  test(`look lifecycle: create, reorder, tag, save, search, edit, discard, leave prompt, delete (${locale})`, async ({
    page,
  }) => {
    const t = translator(locale);
    const query = locale === 'fr' ? '?locale=fr' : '';
    await openApp(page, `/looks${query}`);
    await expect(page.getByRole('heading', { name: t('Looks.list.title'), level: 1 })).toBeVisible();
    await expect(page.getByText('Summer in the City')).toBeVisible();

    // Empty submit → translated errors, nothing created.
    await page
      .getByRole('button', { name: t('Looks.list.create') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/looks\/new/);
    await page
      .getByRole('button', { name: t('General.actions.save') })
      .first()
      .click();
    await expect(page.getByText(t('validation.required', { path: t('fields.mainProduct.itemId') }))).toBeVisible();
    await expect(page.getByText(t('Looks.validation.relatedItemsMin'))).toBeVisible();
    await expect(page.getByText(t('Looks.form.errorBanner'))).toBeVisible();

    // Main product and two related products through the picker.
    await page.getByRole('button', { name: t('Looks.mainProduct.select') }).click();
    await pick(page, t, [MAIN]);
    await expect(page.getByTestId('main-product-title')).toHaveText(MAIN);
    await page.getByRole('button', { name: t('Looks.related.add') }).click();
    await pick(page, t, RELATED);
    await expect(page.getByTestId('related-item')).toHaveCount(2);
    expect((await relatedTitles(page)).map((s) => s.trim())).toEqual(RELATED);

    // Keyboard drag: focus the first handle, lift, move down, drop.
    const handle = page.getByTestId('drag-handle').first();
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await relatedTitles(page)).map((s) => s.trim())).toEqual([...RELATED].reverse());

    // Tags by Enter and by the Add button.
    const tagTitle = `e2e-${locale}-capsule`;
    const tagInput = page.getByLabel(t('Looks.tags.label'));
    await tagInput.fill(tagTitle);
    await tagInput.press('Enter');
    await tagInput.fill('weekend');
    await page.getByRole('button', { name: t('Looks.tags.add'), exact: true }).click();
    await expect(page.getByText(tagTitle)).toBeVisible();

    // New looks start as drafts; save → edit page.
    await expect(page.getByLabel(t('Looks.status.label'))).toHaveValue('draft');
    await page
      .getByRole('button', { name: t('General.actions.save') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/looks\/edit\/\d+/);
    await expect(page.getByText(t('Looks.notifications.createSuccess'))).toBeVisible();
    await expect(page.getByRole('heading', { name: MAIN, level: 1 })).toBeVisible();
    expect((await relatedTitles(page)).map((s) => s.trim())).toEqual([...RELATED].reverse());
    await expect(page.getByRole('button', { name: t('Looks.actions.viewLive') })).toBeVisible();

    // Edit then discard: the change is gone.
    await tagInput.fill('temporary');
    await tagInput.press('Enter');
    await expect(page.getByText(t('General.unsavedChanges'))).toBeVisible();
    await page.getByRole('button', { name: t('General.actions.discard') }).click();
    await expect(page.getByText('temporary')).toHaveCount(0);
    await expect(page.getByText(t('General.unsavedChanges'))).toHaveCount(0);

    // Leaving while dirty asks to stay or leave.
    await tagInput.fill('unsaved');
    await tagInput.press('Enter');
    const navLooks = page
      .locator('nav.Polaris-Navigation')
      .getByRole('link', { name: t('Navigation.looks'), exact: true });
    await navLooks.click();
    const leave = page.getByRole('dialog').filter({ hasText: t('LeaveConfirm.title') });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: t('LeaveConfirm.stay') }).click();
    await expect(page).toHaveURL(/\/looks\/edit\/\d+/);
    // The browser's back button asks too: staying puts the URL back and keeps the changes.
    await page.goBack();
    await expect(leave).toBeVisible();
    await expect(page).toHaveURL(/\/looks\/edit\/\d+/);
    await leave.getByRole('button', { name: t('LeaveConfirm.stay') }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/looks\/edit\/\d+/);
    await expect(page.getByText('unsaved', { exact: true })).toBeVisible();
    await navLooks.click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('LeaveConfirm.leave') })
      .click();
    await expect(page).toHaveURL(/\/looks(\?.*)?$/);

    // The list shows it; the search finds it by tag.
    await expect(page.getByRole('row').filter({ hasText: MAIN })).toBeVisible();
    await page.getByLabel(t('Looks.list.searchLabel')).fill(tagTitle);
    await expect(page.getByRole('row').filter({ hasText: 'Summer in the City' })).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: MAIN });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(t('Looks.status.draft'))).toBeVisible();

    // Delete with the confirm modal.
    await row.getByRole('button', { name: t('Looks.actions.deleteLabel', { title: MAIN }) }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(t('Looks.delete.title', { title: MAIN }));
    await confirm.getByRole('button', { name: t('Looks.delete.confirm') }).click();
    await expect(page.getByText(t('Looks.notifications.deleteSuccess'))).toBeVisible();
    await expect(page.getByText(t('Looks.noResults.heading'))).toBeVisible();
  });
}

test('the free plan: the demo leaves room for one active look; the next new look is a draft, and the form says why', async ({
  page,
}) => {
  const t = translator('en');
  // Room on the plan: no notice, the look is created active.
  await openApp(page, '/looks/new');
  await expect(page.getByRole('button', { name: 'Select main product' })).toBeVisible();
  await expect(page.getByText('Upgrade to activate more looks')).toHaveCount(0);
  await expect(page.getByText('Active looks are shown in your store.')).toBeVisible();
  await page.getByRole('button', { name: 'Select main product' }).click();
  await pick(page, t, ['Wrap Dress — Coral']);
  await page.getByRole('button', { name: 'Add products' }).click();
  await pick(page, t, ['Straw Hat — Natural']);
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page).toHaveURL(/\/looks\/edit\/\d+/);
  await expect(page.getByLabel('Status')).toHaveValue('active');

  // The plan is full now: the next look starts as a draft, and the banner and the status say why.
  await openApp(page, '/looks/new');
  await expect(page.getByText('Upgrade to activate more looks')).toBeVisible();
  await expect(page.getByTestId('upgrade-notice')).toContainText('so this look will be saved as a draft');
  await expect(page.getByLabel('Status')).toHaveValue('draft');
  await expect(page.getByText(t('Looks.status.limitHelp'))).toBeVisible();
  await page.getByRole('button', { name: 'Select main product' }).click();
  await pick(page, t, ['Sun Dress — Lemon']);
  await page.getByRole('button', { name: 'Add products' }).click();
  await pick(page, t, ['Bucket Hat — Cream']);
  // Activating anyway is refused with the notice linking to the plans.
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByTestId('upgrade-notice')).toHaveText(t('Looks.upgrade.body'));
  await expect(page).toHaveURL(/\/looks\/new/);
  await page.getByRole('button', { name: 'See plans' }).first().click();
  // Leaving the unsaved form asks first.
  await page.getByRole('dialog').getByRole('button', { name: 'Leave page' }).click();
  await expect(page).toHaveURL(/\/billing\/plans/);
});

test('uploads one look image; a fake image shows the upload error', async ({ page }) => {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await openApp(page, '/looks');
  await page.getByRole('button', { name: 'Edit Summer in the City' }).click();
  await expect(page.getByRole('heading', { name: 'Summer in the City', level: 1 })).toBeVisible();
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({ name: 'look.png', mimeType: 'image/png', buffer: png });
  const image = page.getByAltText('Look image');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /\/files\/shops\/\d+\/uploads\/[0-9a-f-]+\.png$/);
  const served = await page.request.get((await image.getAttribute('src'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');

  await input.setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByText('Failed to upload image. Please try again.')).toBeVisible();

  // Saving keeps the uploaded image.
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Look updated')).toBeVisible();
  await page.reload();
  await expect(page.getByAltText('Look image')).toHaveAttribute('src', /\/files\/shops\/\d+\/uploads\//);
});
