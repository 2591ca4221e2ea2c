import { test, expect, openApp } from './fixtures';
import type { Page } from '@playwright/test';
import { adminApi } from './adminApi';

/**
 * What loads later (src/components/LoadLater, src/features/analytics/laterParts.tsx; the look form's
 * markers and colour picker): the server renders it with the page, the browser requests its chunk
 * only when it comes near the screen or is used, and meanwhile keeps the server's HTML as it is (no
 * hydration error, no layout shift). Once there, it works.
 */

/** The script chunks the page requested, by name (webpack's chunk names are the files' prefixes). */
function chunksRequested(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    const file = /\/assets\/([\w-]+)\.[0-9a-f]+\.js$/.exec(new URL(r.url()).pathname)?.[1];
    if (file) seen.push(file);
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

test.describe('a phone (412×823): /analytics', () => {
  test.use({ viewport: { width: 412, height: 823 } });
  // Not so yet: React 18 reports #421 for the three parts ("received an update before it finished
  // hydrating"): an update above them right after hydration (a context value: not a prop, LoadLater
  // keeps those) reaches their dehydrated boundaries, and React renders them anew, so their chunks
  // come at once. That update has to be found and made a transition (startTransition).
  test.fixme('the orders table, A/B tests and generated images load when scrolled to; the table pages', async ({
    page,
  }) => {
    const chunks = chunksRequested(page);
    const errors = consoleErrors(page);
    await openApp(page, '/analytics');
    // Server-rendered with the page: the table is there before its chunk.
    await expect(page.getByText(/^Page 1 of \d+ · \d+ orders$/)).toBeAttached();
    await hydrated(page, 'h1');
    await page.waitForTimeout(1000);
    expect(chunks).not.toContain('analytics-orders');
    expect(chunks).not.toContain('analytics-experiments');
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);

    await page.getByTestId('orders-table').scrollIntoViewIfNeeded();
    await expect.poll(() => chunks).toContain('analytics-orders');
    await hydrated(page, '[data-testid="orders-table"]');
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    await page.locator('#nextURL, button[aria-label="Next"]').first().click();
    await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('/analytics rendered by the browser (a visit from another page): the parts load at once', async ({ page }) => {
  const chunks = chunksRequested(page);
  await openApp(page, '/looks');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/analytics');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(10);
  expect(chunks).toContain('analytics-orders');
});

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
    expect(errors).toEqual([]);
  });
});
