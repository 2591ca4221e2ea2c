import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';
import { adminApi } from './adminApi';
import { assignVariant } from '../src/contracts/assignVariant';
import type { Experiment } from '../src/contracts/experiments';
import type { Paginated } from '../src/contracts/api';

/**
 * Issue 16's "Done means": a shopper on the demo storefront (consented, as it starts) sees a look for a
 * second, clicks a hotspot, adds an item to the cart and leaves; within a minute the admin's funnel for
 * Today shows that look's impressions, clicks and add-to-carts up. Nothing of the app is intercepted.
 */
const HANDLE = 'linen-shirt-sand';

/** Today's figures of a look's row in the admin funnel (the range Today is applied once and kept). */
async function funnelFigures(page: Page, lookId: number) {
  const row = page.getByTestId('funnel-card').locator(`tbody tr:has(a[href$="/looks/edit/${lookId}"])`);
  await expect(row).toHaveCount(1);
  // A cell shows the count, then its rate: the first text is the count.
  const cell = (n: number) =>
    row
      .locator('td')
      .nth(n)
      .evaluate((td) => {
        const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (node.textContent?.trim()) return Number(node.textContent.replace(/\D/g, ''));
        return NaN;
      });
  return { impressions: await cell(1), clicks: await cell(2), addToCarts: await cell(3) };
}

test.setTimeout(120_000);

test('a shopper sees a look, clicks a hotspot and adds to cart: the admin funnel for Today counts it within a minute', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  await api.patch('/layout', { definedTemplate: 'shoppable', placementMethod: 'section' });
  const looks = (await api.get('/productLooks?limit=50')) as Paginated<{ id: number; title: string }>;
  const look = looks.data.find((l) => l.title === 'Summer in the City')!;
  // The demo look runs an A/B test of two layouts: this shopper is one it shows A, the hotspot layout.
  const [experiment] = (await api.get(`/experiments?lookId=${look.id}`)) as Experiment[];
  expect(experiment.status).toBe('running');
  const control = experiment.variants.find((v) => v.isControl)!;
  let visitor = '';
  for (let n = 0; !visitor; n++)
    if (assignVariant(`e2e-funnel-${n}`, experiment.id, experiment.variants)?.id === control.id)
      visitor = `e2e-funnel-${n}`;

  // The admin's funnel before: Today.
  await openApp(page, '/analytics');
  await page.getByRole('button', { name: /^Date range:/ }).click();
  await page.getByTestId('date-range-presets').getByRole('button', { name: 'Today' }).click();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('funnel-chart')).toHaveAttribute('aria-label', /over 1 day$/);
  const before = await funnelFigures(page, look.id);

  // The shopper (a visitor id of their own, set before the storefront script runs).
  await page.addInitScript((id) => localStorage.setItem('sl_vid', id), visitor);
  await page.goto(`/storefront/products/${HANDLE}?look=${look.id}`);
  await expect(page.getByRole('checkbox', { name: /Allow analytics/ })).toBeChecked();
  const widget = page.locator('.sl-widget[data-sl-ready]:not([hidden])');
  await expect(widget).toHaveCount(1);
  await expect(widget).toHaveAttribute('data-sl-template', 'shoppable');
  await widget.scrollIntoViewIfNeeded();
  await expect.poll(() => widget.evaluate((w) => w.getBoundingClientRect().top < innerHeight / 2)).toBe(true);
  await page.waitForTimeout(1300);
  const marker = widget.locator('.sl-marker').first();
  await marker.click();
  await expect(marker).toHaveAttribute('aria-expanded', 'true');
  await widget.locator('.sl-atc:not([disabled])').first().click();
  await expect(page.locator('.sl-live')).toHaveText(/Added to cart/);
  // Leaving the page (pagehide) sends the batch.
  await openApp(page, '/analytics');

  // Within a minute the funnel for Today (kept across reloads) shows each step up by one.
  await expect(page.getByRole('button', { name: /^Date range:/ })).toHaveText('Today');
  await expect
    .poll(
      async () => {
        await openApp(page, '/analytics');
        return funnelFigures(page, look.id);
      },
      { timeout: 60_000, intervals: [1000, 2000, 5000] },
    )
    .toEqual({ impressions: before.impressions + 1, clicks: before.clicks + 1, addToCarts: before.addToCarts + 1 });
});
