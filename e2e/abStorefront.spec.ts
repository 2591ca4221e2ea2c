import type { Browser, Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';
import { adminApi } from './adminApi';
import { assignVariant } from '../src/contracts/assignVariant';
import type { Experiment } from '../src/contracts/experiments';
import type { Paginated } from '../src/contracts/api';

/**
 * An A/B test of two layouts end to end (issue 16): the merchant starts a test of a look with variant B
 * on another layout template; two shoppers (visitor ids that assignVariant puts in A and in B) each see
 * their variant's layout on the demo storefront; B's shopper adds to cart; the admin's experiment
 * figures count each variant's impression and B's conversion. Nothing of the app is intercepted.
 */
const HANDLE = 'linen-shirt-sand';

/** The first `e2e-ab-<n>` whom assignVariant puts in this variant of the test. */
function visitorIn(e: Experiment, variantId: number): string {
  for (let n = 0; ; n++) if (assignVariant(`e2e-ab-${n}`, e.id, e.variants)?.id === variantId) return `e2e-ab-${n}`;
}

/** A shopper of their own (a fresh browser context) whose visitor id is set before the storefront script runs. */
async function shopper(
  browser: Browser,
  baseURL: string,
  visitorId: string,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL });
  // Only on the app's pages (about:blank has no storage).
  await context.addInitScript(
    (id) => location.protocol.startsWith('http') && localStorage.setItem('sl_vid', id),
    visitorId,
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** Opens the look on the demo storefront; the one visible widget (the visitor's variant) once it has been in view for an impression. */
async function seeLook(page: Page, lookId: number) {
  await page.goto(`/storefront/products/${HANDLE}?look=${lookId}`);
  await expect(page.getByRole('checkbox', { name: /Allow analytics/ })).toBeChecked();
  await expect(page.locator('.sl-widget[data-sl-ready]')).toHaveCount(2);
  const widget = page.locator('.sl-widget:not([hidden])');
  await expect(widget).toHaveCount(1);
  await widget.scrollIntoViewIfNeeded();
  // At least half of it in view (or half the viewport filled), as an impression needs.
  const inView = () =>
    widget.evaluate((w) => {
      const r = w.getBoundingClientRect();
      const visible = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
      return visible >= r.height / 2 || visible >= innerHeight / 2;
    });
  await expect.poll(inView).toBe(true);
  await page.waitForTimeout(1300);
  return widget;
}

test.setTimeout(120_000);

test('an A/B test of two layouts: each shopper sees their variant, and the test counts their impressions and B’s add to cart', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const api = await adminApi(request);
  await api.patch('/layout', { definedTemplate: 'inpage', placementMethod: 'section' });
  const looks = (await api.get('/productLooks?limit=50')) as Paginated<{ id: number; title: string }>;
  const look = looks.data.find((l) => l.title !== 'Summer in the City')!;

  // The merchant makes variant B on the one-column layout, half of the shoppers, and starts the test.
  await openApp(page, `/looks/edit/${look.id}`);
  const card = page
    .locator('.Polaris-Card, .Polaris-ShadowBevel')
    .filter({ has: page.getByRole('heading', { name: 'A/B tests', level: 2 }) })
    .first();
  await card.getByLabel('Layout of variant B').selectOption({ label: 'One column' });
  await card.getByLabel(/Shoppers seeing/).fill('50');
  await card.getByRole('button', { name: 'Create A/B test' }).click();
  await card.getByRole('button', { name: 'Start test' }).click();
  await expect(card.getByText('Running', { exact: true })).toBeVisible();
  const [experiment] = (await api.get(`/experiments?lookId=${look.id}`)) as Experiment[];
  expect(experiment.status).toBe('running');
  const [a, b] = experiment.variants;
  expect([a.isControl, b.template]).toEqual([true, 'one_column']);

  // Shopper A sees the shop's layout (in-page), B's widget hidden; leaving sends the impression.
  const first = await shopper(browser, baseURL!, visitorIn(experiment, a.id));
  const seenA = await seeLook(first.page, look.id);
  await expect(seenA).toHaveAttribute('data-sl-template', 'inpage');
  await expect(seenA).toHaveAttribute('data-sl-ab-variant', String(a.id));
  await expect(first.page.locator(`.sl-widget[data-sl-ab-variant="${b.id}"]`)).toBeHidden();
  await first.page.goto('about:blank');

  // Shopper B sees the one-column layout and adds an item to the cart.
  const second = await shopper(browser, baseURL!, visitorIn(experiment, b.id));
  const seenB = await seeLook(second.page, look.id);
  await expect(seenB).toHaveAttribute('data-sl-template', 'one_column');
  await expect(seenB).toHaveAttribute('data-sl-ab-variant', String(b.id));
  await expect(second.page.locator(`.sl-widget[data-sl-ab-variant="${a.id}"]`)).toBeHidden();
  await seenB.locator('.sl-atc:not([disabled])').first().click();
  await expect(second.page.locator('.sl-live')).toHaveText(/Added to cart/);
  await second.page.goto('about:blank');
  expect([...first.errors, ...second.errors]).toEqual([]);

  // The admin's figures: one impression each, B's add to cart its conversion.
  await expect
    .poll(
      async () => {
        const [now] = (await api.get(`/experiments?lookId=${look.id}`)) as Experiment[];
        return now.variants.map((v) => [v.id, v.impressions, v.conversions]);
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toEqual([
      [a.id, 1, 0],
      [b.id, 1, 1],
    ]);
  // And the screen shows them.
  await openApp(page, `/looks/edit/${look.id}`);
  await expect(card.getByText(/1 impression · 1 conversion\b/)).toBeVisible();
  await first.page.context().close();
  await second.page.context().close();
});
