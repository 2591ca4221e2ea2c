import { test, expect, openApp } from './fixtures';
import type { Page } from '@playwright/test';
import { adminApi } from './adminApi';

/**
 * What loads later on a new look (src/features/looks/form/MarkerSettingsSection.tsx, the colour
 * picker of src/components/HexColorField): the markers' editor and sliders once the look has a related
 * item, the picker when its popover first opens, the discount's details once the look offers one. Not in the first load, no layout shift, and it works.
 */

/**
 * The script chunks the page loaded, by what they hold: a chunk is known by a Polaris component's
 * class names (or a message id) in its code (a chunk's name says where it was split, not what ended up in it).
 */
const CHUNK_MARKS = {
  'color-picker': 'Polaris-ColorPicker__MainColor',
  'marker-placement': 'Polaris-RangeSlider',
  // A message DiscountTiers alone shows.
  'discount-details': 'Looks.discount.tiers.title',
} as const;
function chunksRequested(page: Page) {
  const seen: string[] = [];
  page.on('response', async (r) => {
    if (!/\/assets\/[\w.-]+\.js$/.test(new URL(r.url()).pathname)) return;
    const body = await r.text().catch(() => '');
    for (const [chunk, mark] of Object.entries(CHUNK_MARKS)) if (body.includes(mark)) seen.push(chunk);
  });
  return seen;
}

/** Errors the console reports (a hydration mismatch among them). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The page's cumulative layout shift so far (buffered layout-shift entries without recent input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );

/** The app has taken the element over (React's handlers are on it). */
const hydrated = (page: Page, selector: string) =>
  expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))),
    )
    .toBe(true);

test.describe('a phone (412×823)', () => {
  test.use({ viewport: { width: 412, height: 823 } });
  test('/looks/new: neither the markers nor the colour picker in the first load; the picker changes the colour', async ({
    page,
    request,
  }) => {
    // The markers show for the shoppable template.
    await (await adminApi(request)).patch('/layout', { definedTemplate: 'shoppable', placementMethod: 'section' });
    const chunks = chunksRequested(page);
    const errors = consoleErrors(page);
    await openApp(page, '/looks/new');
    await hydrated(page, 'h1');
    await page.waitForTimeout(1000);
    expect(chunks).not.toContain('marker-placement');
    expect(chunks).not.toContain('color-picker');
    expect(chunks).not.toContain('discount-details');
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    const color = page.getByLabel('Marker color', { exact: true });
    const before = await color.inputValue();
    await page.getByRole('button', { name: 'Choose Marker color' }).click();
    await expect.poll(() => chunks).toContain('color-picker');
    const picker = page.locator('.Polaris-ColorPicker__MainColor');
    await expect(picker).toBeVisible();
    const box = (await picker.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.3);
    await expect(color).not.toHaveValue(before);
    // The discount's details, once the look offers one.
    await page.getByLabel('Offer a discount when the look is bought together').check();
    await expect(page.getByLabel('Discount value')).toHaveValue('10');
    expect(chunks).toContain('discount-details');
    expect(errors).toEqual([]);
  });
});
