import { test, expect, openApp } from './fixtures';
import type { Page, Request } from '@playwright/test';

const DAY = 24 * 60 * 60 * 1000;
/** The demo shop is in UTC. */
const ymd = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

function ordersRequests(page: Page) {
  const seen: URL[] = [];
  page.on('request', (r: Request) => {
    if (r.url().includes('/admin/api/v1/shopOrders')) seen.push(new URL(r.url()));
  });
  return seen;
}

/** The rows of the orders table (the funnel card has a table too). */
const orderRows = (page: Page) => page.getByTestId('orders-table').locator('tbody tr');
const pickerButton = (page: Page) => page.getByRole('button', { name: /^Date range:/ });
const popover = (page: Page) => page.getByTestId('date-range-popover');

test.describe('analytics', () => {
  test('default range, presets, typing, cancel and apply', async ({ page }) => {
    const requests = ordersRequests(page);
    await openApp(page, '/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(pickerButton(page)).toHaveText('Last 7 days');
    await expect(orderRows(page)).toHaveCount(10);
    // The page arrived rendered by the server with the default range's orders (the browser asked for none).
    const firstScreen = await page.evaluate(() =>
      JSON.parse(document.getElementById('sl-first-screen')?.textContent ?? '{}'),
    );
    const firstOrders = firstScreen.entries.find((e: { endpointName: string }) => e.endpointName === 'getShopOrders');
    expect(firstOrders.arg).toEqual({ page: 1, fromDate: ymd(-7), toDate: ymd(-1) });
    expect(requests).toEqual([]);
    const ordersCard = page
      .getByText('Total orders generated')
      .locator('xpath=ancestor::div[contains(@class,"Polaris-ShadowBevel")][1]');
    const sevenDayOrders = await ordersCard.locator('p').last().textContent();

    // Last 30 days, applied
    await pickerButton(page).click();
    await expect(page.getByTestId('date-range-presets')).toBeVisible();
    const presetsBox = await page.getByTestId('date-range-presets').boundingBox();
    expect([presetsBox?.width, presetsBox?.height]).toEqual([212, 334]);
    expect((await page.getByTestId('date-range-calendar-pane').boundingBox())?.width).toBe(516);
    await popover(page).getByRole('button', { name: 'Last 30 days' }).click();
    await expect(page.getByLabel('Since')).toHaveValue(ymd(-30));
    await expect(page.getByLabel('Until')).toHaveValue(ymd(-1));
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(pickerButton(page)).toHaveText('Last 30 days');
    await expect.poll(() => requests.at(-1)?.searchParams.get('fromDate')).toBe(ymd(-30));
    await expect(ordersCard.locator('p').last()).not.toHaveText(sevenDayOrders ?? '');
    const thirtyDayOrders = await ordersCard.locator('p').last().textContent();

    // A typed custom range, cancelled: nothing changes
    const countBefore = requests.length;
    await pickerButton(page).click();
    await page.getByLabel('Since').fill(ymd(-12));
    await page.getByLabel('Until').fill(ymd(-10));
    await expect(page.getByTestId('date-range-presets').getByRole('button', { pressed: true })).toHaveCount(0); // custom: no preset selected
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(popover(page)).toHaveCount(0);
    await expect(pickerButton(page)).toHaveText('Last 30 days');
    expect(requests.length).toBe(countBefore);

    // Invalid text is ignored; a since date after until moves until; Apply changes the table and cards
    await pickerButton(page).click();
    await expect(page.getByLabel('Since')).toHaveValue(ymd(-30)); // the applied range again, not the cancelled draft
    await page.getByLabel('Until').fill('2025-02-30');
    await expect(page.getByText('Use YYYY-MM-DD')).toBeVisible();
    await page.getByLabel('Until').fill(ymd(-3));
    await page.getByLabel('Since').fill(ymd(-2));
    await expect(page.getByLabel('Until')).toHaveValue(ymd(-2));
    await page.getByLabel('Since').fill(ymd(-5));
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(pickerButton(page)).toHaveText(`${ymd(-5)} – ${ymd(-2)}`);
    await expect
      .poll(() => `${requests.at(-1)?.searchParams.get('fromDate')}..${requests.at(-1)?.searchParams.get('toDate')}`)
      .toBe(`${ymd(-5)}..${ymd(-2)}`);
    await expect(ordersCard.locator('p').last()).not.toHaveText(thirtyDayOrders ?? '');
    const dates = await orderRows(page).locator('td:last-child').allTextContents();
    expect(dates.length).toBeGreaterThan(0);

    // The applied range is kept across a reload
    await openApp(page, '/analytics');
    await expect(pickerButton(page)).toHaveText(`${ymd(-5)} – ${ymd(-2)}`);
  });

  test('leaving the text inputs to outside the popover closes it', async ({ page }) => {
    await openApp(page, '/analytics');
    await pickerButton(page).click();
    await page.getByLabel('Since').fill(ymd(-3));
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).click();
    await expect(popover(page)).toHaveCount(0);
    await expect(pickerButton(page)).toHaveText('Last 7 days');
  });

  test('pages through the orders', async ({ page }) => {
    const requests = ordersRequests(page);
    await openApp(page, '/analytics');
    await pickerButton(page).click();
    await popover(page).getByRole('button', { name: 'Last 30 days' }).click();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByText(/^Page 1 of \d+ · \d+ orders$/)).toBeVisible();
    const firstPage = await orderRows(page).locator('td:first-child').allTextContents();
    expect(firstPage).toHaveLength(10);
    await page.locator('#nextURL, button[aria-label="Next"]').first().click();
    await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
    await expect.poll(() => requests.at(-1)?.searchParams.get('page')).toBe('2');
    // The label moves first; the rows follow when page 2 has arrived.
    await expect
      .poll(async () => (await orderRows(page).locator('td:first-child').allTextContents())[0])
      .not.toBe(firstPage[0]);
    await page.locator('#previousURL, button[aria-label="Previous"]').first().click();
    await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();
    // rows link to the storefront product and to the look
    await expect(orderRows(page).first().getByRole('link', { name: 'View product' })).toHaveAttribute(
      'href',
      /\/storefront\/products\//,
    );
    await expect(orderRows(page).first().getByRole('link', { name: 'View look' })).toHaveAttribute(
      'href',
      /^\/looks\/edit\/\d+$/,
    );
  });

  test('a top seller links to its look', async ({ page }) => {
    await openApp(page, '/analytics');
    const first = page.getByTestId('top-sellers').getByRole('link').first();
    await expect(first).toBeVisible();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/looks\/edit\/\d+$/);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('funnel per look: the demo history, split by device, CSV export, and a storefront event counted', async ({
    page,
  }) => {
    await openApp(page, '/analytics');
    const card = page.getByTestId('funnel-card');
    const rows = card.locator('tbody tr');
    await expect(rows).toHaveCount(4);
    await expect(page.getByTestId('funnel-chart')).toHaveAttribute('aria-label', /^Impressions: [\d,]+ over 7 days$/);
    await card.getByRole('button', { name: 'Mobile' }).click();
    await expect(card.getByRole('button', { name: 'Mobile' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(4);

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`look-funnel-${ymd(-7)}-${ymd(-1)}.csv`);
    const csv = (await import('node:fs'))
      .readFileSync((await file.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(
      'Look ID,Look,Device,Impressions,Clicks,Add to cart,Orders,Revenue,Click rate,Add-to-cart rate,Conversion',
    );
    expect(csv).toHaveLength(1 + 4 * 3);

    // A shopper's impression today, from the demo storefront's endpoint, shows up in today's funnel.
    await pickerButton(page).click();
    await page.getByTestId('date-range-presets').getByRole('button', { name: 'Today' }).click();
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page.getByTestId('funnel-chart')).toHaveAttribute('aria-label', /over 1 day$/);
    await card.getByRole('button', { name: 'All devices' }).click();
    const first = rows.first();
    const href = (await first.getByRole('link').first().getAttribute('href'))!;
    const lookId = Number(href.split('/').pop());
    // Today's figures (the chart says 1 day: today's report is shown). Today may have none yet: the
    // demo's history ends when the database was seeded, and just after midnight UTC today is empty.
    const cell = first.locator('td').nth(1);
    await expect(cell).toHaveText(/^\d[\d,]*$/);
    const before = Number((await cell.textContent())!.replace(/\D/g, ''));
    const res = await page.request.post('/api/storefront/events', {
      data: {
        visitorId: `e2e-${Date.now()}`,
        events: [{ type: 'impression', lookId, device: 'desktop', at: Date.now() }],
      },
    });
    expect(res.status()).toBe(202);
    await openApp(page, '/analytics');
    await expect(page.getByTestId('funnel-card').locator(`tbody tr:has(a[href="${href}"]) td`).nth(1)).toHaveText(
      String(before + 1).replace(/\B(?=(\d{3})+(?!\d))/g, ','),
    );
  });

  test('a failing stats call shows the error toast and a retry', async ({ page }) => {
    let fail = true;
    // The browser asks for the stats when the merchant moves to Analytics within the app.
    await openApp(page, '/looks');
    await page.route('**/admin/api/v1/stats**', (route) =>
      fail ? route.fulfill({ status: 500, body: '{"message":"boom"}' }) : route.continue(),
    );
    await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByText('Something went wrong. Please try again.')).toBeVisible();
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();
    fail = false;
    await retry.click();
    await expect(page.getByText('Total orders generated')).toBeVisible();
  });
});
