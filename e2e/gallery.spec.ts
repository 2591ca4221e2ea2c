import fs from 'node:fs';
import { test, expect, openApp } from './fixtures';
import { DEFAULT_LAYOUT_SETTINGS } from '../src/contracts/layout';

/**
 * The gallery end to end on the demo store: free credits, a flat_lay
 * generation watched live over the stream, the image and its download, the
 * tab counts, a forced failure (the `[fail]` marker of the custom prompt,
 * honoured in standalone mode) that refunds its credit, and a credit purchase.
 */
test.describe.configure({ mode: 'serial' });

test.describe('gallery', () => {
  test('claim free credits, generate a flat lay live, see and download it; tabs count it', async ({ page }) => {
    await openApp(page, '/gallery');
    await expect(page.getByText('No generated images yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create image' }).first().click();
    await expect(page).toHaveURL(/\/gallery\/new$/);

    const credits = page.locator('#credits-remaining');
    await expect(credits).toHaveText('0');
    await page.getByRole('button', { name: 'Claim free credits' }).click();
    await expect(credits).toHaveText('5');
    await expect(page.getByRole('button', { name: 'Claim free credits' })).toHaveCount(0);
    await expect(page.getByText('Low credits')).toBeVisible();

    // look search: 1 character only hints, 2+ characters search
    const search = page.getByLabel('Look', { exact: true });
    await search.fill('S');
    await expect(page.getByText('Minimum characters: 2')).toBeVisible();
    await expect(page.getByTestId('look-search-results')).toHaveCount(0);
    await search.fill('Summer');
    const results = page.getByTestId('look-search-results');
    await expect(results.getByText('Summer in the City')).toBeVisible();
    await results.getByText('Summer in the City').click();
    await expect(page.locator('#selected-look')).toHaveText('Summer in the City');

    await page.getByLabel('Flat lay').check({ force: true });
    await page.getByRole('button', { name: 'Generate image' }).click();

    await expect(page).toHaveURL(/\/gallery\/edit\/\d+$/);
    const id = page.url().split('/').pop()!;
    const status = page.getByTestId('generation-status');
    await expect(status).toHaveText('Generation completed.', { timeout: 15_000 });
    const image = page.getByTestId('generated-image');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await expect(page.locator('#credits-remaining')).toHaveText('4');
    // the look is locked on edit
    await expect(page.getByText('Look cannot be changed')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^Download/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Summer in the City-flat_lay-${id}.jpg`);
    const file = await download.path();
    expect(fs.readFileSync(file!).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    await page.getByRole('link', { name: 'Gallery' }).first().click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Flat lay (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Model (0)' })).toBeVisible();
    const row = page.getByRole('row', { name: /Summer in the City/ });
    await expect(row.getByText('Completed')).toBeVisible();
    await expect(row.getByText('Flat lay')).toBeVisible();
    await page.getByRole('tab', { name: 'Model (0)' }).click();
    await expect(page.getByText('No images of this type yet.')).toBeVisible();
  });

  test('Use on look: the look form gets the image with each marker where the generator drew its item; a dragged marker is saved', async ({
    page,
  }) => {
    const { token } = await (await page.request.get('/api/dev/session-token')).json();
    const headers = { authorization: `Bearer ${token}` };
    const get = async (path: string) => (await page.request.get(`/admin/api/v1${path}`, { headers })).json();
    // Markers are edited on the shoppable template.
    expect(
      (await page.request.patch('/admin/api/v1/layout', { headers, data: { definedTemplate: 'shoppable' } })).ok(),
    ).toBe(true);
    const done = (await get('/image-generations')).data.find((g: { status: string }) => g.status === 'COMPLETED');
    const { look } = await get(`/productLooks/${done.productLook.id}`);
    const positions = new Map<string, { x: number; y: number }>(
      done.itemPositions.map((p: { productId: string; x: number; y: number }) => [p.productId, p]),
    );
    // The main product and every related item were drawn.
    expect(positions.size).toBe(1 + look.relatedItems.length);

    await openApp(page, `/gallery/edit/${done.id}`);
    await page.getByRole('link', { name: 'Use on look' }).click();
    await expect(page).toHaveURL(new RegExp(`/looks/edit/${look.id}\\?generation=${done.id}$`));
    await expect(page.getByTestId('markers-placed-note')).toHaveText(
      `${look.relatedItems.length} markers were placed where the image shows the items. Drag them to adjust, then save.`,
    );
    await expect(page.getByTestId('hotspot-stage').getByRole('img')).toHaveAttribute('src', done.generatedImageUrl);
    for (const [i, item] of look.relatedItems.entries()) {
      const p = positions.get(item.itemId)!;
      await expect(page.getByTestId(`hotspot-${i}`)).toHaveAttribute(
        'aria-label',
        `Marker ${i + 1}: ${item.title}, ${Math.round(p.x)}% across, ${Math.round(p.y)}% down`,
      );
    }

    // Drag the first marker to 10 % / 10 % of the image.
    await page.getByTestId('hotspot-stage').scrollIntoViewIfNeeded();
    const stage = (await page.getByTestId('hotspot-stage').boundingBox())!;
    const first = (await page.getByTestId('hotspot-0').boundingBox())!;
    await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
    await page.mouse.down();
    await page.mouse.move(stage.x + stage.width * 0.3, stage.y + stage.height * 0.3, { steps: 5 });
    await page.mouse.move(stage.x + stage.width * 0.1, stage.y + stage.height * 0.1, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('hotspot-0')).toHaveAttribute('aria-label', /, (9|10|11)% across, (9|10|11)% down$/);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Look updated')).toBeVisible();

    const saved = (await get(`/productLooks/${look.id}`)).look;
    expect(saved.mainProduct.selectedMainImage).toBe(done.generatedImageUrl);
    expect(Math.abs(saved.relatedItems[0].markerX - 10)).toBeLessThanOrEqual(1);
    expect(Math.abs(saved.relatedItems[0].markerY - 10)).toBeLessThanOrEqual(1);
    for (const item of saved.relatedItems.slice(1)) {
      const p = positions.get(item.itemId)!;
      expect([item.markerX, item.markerY]).toEqual([Math.round(p.x), Math.round(p.y)]);
    }
    await page.request.patch('/admin/api/v1/layout', {
      headers,
      data: { definedTemplate: DEFAULT_LAYOUT_SETTINGS.definedTemplate },
    });
  });

  test('a forced failure shows the failure message and refunds the credit', async ({ page }) => {
    await openApp(page, '/gallery/new');
    await expect(page.locator('#credits-remaining')).toHaveText('4');
    // The look picked with the keyboard: the search is a combobox (arrow keys, Enter).
    const search = page.getByRole('combobox', { name: 'Look', exact: true });
    await search.fill('Evening');
    await expect(page.getByTestId('look-search-results').getByRole('option', { name: 'Evening Out' })).toBeVisible();
    for (let i = 0; i < 5; i++) {
      const id = await search.getAttribute('aria-activedescendant');
      if (id && (await page.locator(`[id="${id}"]`).innerText()).includes('Evening Out')) break;
      await search.press('ArrowDown');
    }
    await search.press('Enter');
    await expect(page.locator('#selected-look')).toHaveText('Evening Out');
    await expect(page.getByRole('button', { name: 'Change look Evening Out' })).toBeFocused();
    await page.getByLabel('Model').check({ force: true });
    await page.getByLabel('Custom prompt (optional)').fill('studio light [fail]');
    await page.getByRole('button', { name: 'Generate image' }).click();
    await expect(page).toHaveURL(/\/gallery\/edit\/\d+$/);
    const status = page.getByTestId('generation-status');
    await expect(status.getByRole('heading', { name: 'Generation failed' })).toBeVisible({ timeout: 15_000 });
    await expect(status.getByText(/\[fail\] marker/)).toBeVisible();
    await expect(page.locator('#credits-remaining')).toHaveText('4');

    await page.goto('/gallery');
    await expect(page.getByRole('row', { name: /Evening Out/ }).getByText('Failed')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All (2)' })).toBeVisible();
  });

  test('buying a package: confirmation, verify on return, success modal, query cleared', async ({ page }) => {
    await openApp(page, '/gallery/new');
    await expect(page.locator('#credits-remaining')).toHaveText('4');
    await expect(page.getByText('Best offer')).toBeVisible();
    await expect(page.getByText('50 credits · 40.0¢ per image')).toBeVisible();
    await page.getByRole('button', { name: 'Buy Popular' }).click();
    await expect(page).toHaveURL(/\/charges\/\d+\/confirm/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('dialog').getByText('Purchase complete')).toBeVisible();
    await expect(page.getByText('50 credits from the Popular package were added to your balance.')).toBeVisible();
    await expect(page).toHaveURL(/\/gallery\/new$/);
    await expect(page.locator('#credits-remaining')).toHaveText('54');
    // a replayed return adds nothing
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  });

  test('an unknown generation shows a back button; alternate purchase return shows a banner', async ({ page }) => {
    await openApp(page, '/gallery/edit/999999');
    await expect(page.getByText('This generation was not found.')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    // A message in the link is never shown (anyone can write one): the app's own banner.
    await openApp(page, '/gallery/new?purchase=other&message=Card%20declined');
    await expect(page.getByText('The purchase was not completed.')).toBeVisible();
    await expect(page.getByText('Card declined')).toHaveCount(0);
    await expect(page).toHaveURL(/\/gallery\/new$/);
  });

  test('the edit page shows the live status with a spinner while it runs, then the image', async ({ page }) => {
    await openApp(page, '/gallery/new');
    await page.getByLabel('Look', { exact: true }).fill('Autumn');
    await page.getByTestId('look-search-results').getByText('Autumn Layers').click();
    await page.getByLabel('Model').check({ force: true });
    await page.getByLabel('Custom prompt (optional)').fill('[slow] warm light');
    await page.getByRole('button', { name: 'Generate image' }).click();
    const status = page.getByTestId('generation-status');
    await expect(status).toContainText('Generation in progress…');
    await expect(page.getByText('Generating your image…')).toBeVisible(); // the image area's spinner
    await expect(page.getByRole('button', { name: 'Save and generate' })).toBeDisabled();
    await expect(status).toHaveText('Generation completed.', { timeout: 15_000 });
    // The status can say completed before the browser has the image file: wait for it to decode.
    expect(
      await page
        .getByTestId('generated-image')
        .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalHeight)),
    ).toBe(1200);
  });
});
