import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';
import { renderFixture } from '../server/services/storefront/liquid/fixtures';
import { XSS_PAYLOADS, xssContexts } from '../server/services/storefront/liquid/xssCorpus';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from '../src/contracts/layout';

/** The storefront script as the theme ships it (extensions/looks-theme/assets/looks.js). */
const WIDGET_SCRIPT = fs.readFileSync(
  path.join(__dirname, '..', 'extensions', 'looks-theme', 'assets', 'looks.js'),
  'utf8',
);

async function api(request: APIRequestContext) {
  const { token } = await (await request.get('/api/dev/session-token')).json();
  const headers = { authorization: `Bearer ${token}` };
  return {
    patchLayout: (body: Partial<LayoutSettings>) => request.patch('/admin/api/v1/layout', { headers, data: body }),
    preview: (body: Partial<LayoutSettings>) => request.post('/admin/api/v1/layout/preview', { headers, data: body }),
  };
}

/** The shirt's demo look (Summer in the City, the seed's first look): a draft, so the page is asked to show it. */
const SHIRT_PAGE = '/storefront/products/linen-shirt-sand?look=1';

const preview = (page: Page) => page.frameLocator('[data-testid="layout-preview-frame"]');

// The shirt's look runs the demo's A/B test (another layout for half the shoppers): stopped, so its page shows the shop's layout.
test.beforeEach(async ({ request }) => {
  const { token } = await (await request.get('/api/dev/session-token')).json();
  const headers = { authorization: `Bearer ${token}` };
  for (const e of (await (await request.get('/admin/api/v1/experiments', { headers })).json()) as {
    id: number;
    status: string;
  }[]) {
    if (e.status === 'running')
      expect(
        (await request.patch(`/admin/api/v1/experiments/${e.id}`, { headers, data: { status: 'stopped' } })).ok(),
      ).toBe(true);
  }
});

test.describe('layout editor', () => {
  test.beforeEach(async ({ request }) => {
    await (await api(request)).patchLayout(DEFAULT_LAYOUT_SETTINGS);
  });

  test('changing the template changes the preview at once', async ({ page }) => {
    await openApp(page, '/layout');
    await expect(preview(page).locator('.sl-widget')).toHaveClass(/sl-t-inpage_r/);
    // Not debounced: the preview request leaves right away (a text edit waits 1500 ms).
    const request = page.waitForRequest(
      (r) => r.url().endsWith('/layout/preview') && r.postDataJSON().definedTemplate === 'shoppable',
    );
    const started = Date.now();
    await page.getByLabel('Template').selectOption('shoppable');
    await request;
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(preview(page).locator('.sl-widget')).toHaveClass(/sl-t-shoppable/);
    await expect(preview(page).locator('.sl-marker').first()).toBeVisible();
    await page.getByLabel('Template').selectOption('line_items');
    await expect(preview(page).locator('.sl-widget')).toHaveClass(/sl-t-line_items/);
  });

  test('the preview shows the look’s photos: every item image loads', async ({ page }) => {
    await openApp(page, '/layout');
    await page.getByLabel('Template').selectOption('multi_col');
    await expect(preview(page).locator('.sl-widget')).toHaveClass(/sl-t-multi_col/);
    const images = preview(page).locator('.sl-item img');
    await expect(images).toHaveCount(3);
    for (let i = 0; i < 3; i += 1) {
      await expect
        .poll(() => images.nth(i).evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
  });

  test('typing a title updates the preview after the 1500 ms debounce', async ({ page }) => {
    await openApp(page, '/layout');
    const title = preview(page).locator('.sl-title');
    await expect(title).toHaveText('Linen Shirt — Sand');
    await page.getByLabel('Widget title').fill('Pair it with {product}');
    const typed = Date.now();
    await page.waitForTimeout(900);
    await expect(title).toHaveText('Linen Shirt — Sand');
    await expect(title).toHaveText('Pair it with Linen Shirt — Sand', { timeout: 5000 });
    expect(Date.now() - typed).toBeGreaterThanOrEqual(1400);
  });

  test('mobile preview is 450 px wide; the frame is sandboxed without same-origin', async ({ page }) => {
    await openApp(page, '/layout');
    const frame = page.getByTestId('layout-preview-frame');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    await page.getByRole('button', { name: 'Mobile' }).click();
    await expect.poll(async () => (await frame.boundingBox())?.width).toBe(450);
  });

  test('the popup template shows the unavailable message', async ({ page, request }) => {
    expect((await (await api(request)).patchLayout({ definedTemplate: '' })).ok()).toBe(true);
    await openApp(page, '/layout');
    await expect(
      page.getByText('Preview unavailable: Popup templates cannot be previewed in this interface', { exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('layout-preview-frame')).toHaveCount(0);
    await page.getByLabel('Template').selectOption('multi_col');
    await expect(preview(page).locator('.sl-widget')).toHaveClass(/sl-t-multi_col/);
  });

  test('saving persists the layout and the demo storefront uses it', async ({ page }) => {
    await openApp(page, '/layout');
    await page.getByLabel('Template').selectOption('one_column');
    await page.getByLabel('Add to cart text').fill('Grab it');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Template')).toHaveValue('one_column');
    await page.goto(SHIRT_PAGE);
    await expect(page.locator('.sl-widget.sl-t-one_column')).toBeVisible();
    await expect(page.locator('.sl-atc').first()).toHaveText('Grab it');
  });

  test('legacy layout: the custom CSS toggle off saves null', async ({ page, request }) => {
    await (await api(request)).patchLayout({ customCss: '.sl-title{color:red}' });
    await openApp(page, '/layoutLegacy');
    await expect(page.getByLabel('Custom CSS', { exact: true })).toHaveValue('.sl-title{color:red}');
    await page.getByLabel('Use custom CSS').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    const { token } = await (await request.get('/api/dev/session-token')).json();
    const saved = await (
      await request.get('/admin/api/v1/layout', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(saved.customCss).toBeNull();
  });
});

test.describe('demo storefront', () => {
  test('add to cart posts the storefront event with the look id', async ({ page }) => {
    const events: unknown[] = [];
    await page.route('**/api/storefront/add-to-cart', async (route) => {
      events.push(route.request().postDataJSON());
      await route.continue();
    });
    await page.goto(SHIRT_PAGE);
    const widget = page.locator('.sl-widget');
    await expect(widget).toHaveCount(1);
    await widget.locator('.sl-atc').first().click();
    await expect(widget.locator('.sl-atc').first()).toHaveText('Added to cart');
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({
      shopDomain: 'demo-shop.myshopify.com',
      lookId: expect.any(Number),
      productId: expect.stringMatching(/^gid:\/\/shopify\/Product\//),
      price: expect.any(Number),
      quantity: 1,
    });
    const cart = await page.evaluate(
      () =>
        (window as unknown as { shoppableLooksLastCart: { items: { properties: Record<string, string> }[] } })
          .shoppableLooksLastCart,
    );
    expect(cart.items[0].properties._look_id).toBe(String((events[0] as { lookId: number }).lookId));
  });
});

test.describe('XSS corpus in Chromium', () => {
  async function armed(page: Page) {
    const hits: string[] = [];
    await page.exposeFunction('__xss', (n: unknown) => hits.push(String(n)));
    page.on('dialog', (d) => {
      hits.push(`dialog:${d.message()}`);
      void d.dismiss();
    });
    return hits;
  }

  async function poke(page: Page) {
    // Fire every interaction the widget wires (markers, variants, buttons) without following links.
    await page.evaluate(() => {
      document.querySelectorAll('button, .sl-marker, .sl-option').forEach((el) => (el as HTMLElement).click());
      document.querySelectorAll('input, select').forEach((el) => {
        (el as HTMLElement).focus();
        el.dispatchEvent(new Event('change', { bubbles: true }));
      });
      window.scrollTo(0, 400);
    });
    await page.waitForTimeout(50);
  }

  test(`${XSS_PAYLOADS.length} payloads in every merchant and catalog string execute nothing`, async ({ page }) => {
    const hits = await armed(page);
    await page.route('**/*', (route) =>
      route.request().url().startsWith('https://') ? route.fulfill({ status: 204 }) : route.continue(),
    );
    for (const [label, fixture] of xssContexts()) {
      const html = await renderFixture(fixture);
      await page.setContent(
        `<!doctype html><html><body><div data-sl-description></div><button data-sl-atc>Buy</button>${html}<script>${WIDGET_SCRIPT}</script></body></html>`,
      );
      await poke(page);
      const bad = await page.evaluate(() =>
        [...document.querySelectorAll('[href], [src]')]
          .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '')
          .filter((u) => !/^(https?:\/\/|\/)/.test(u)),
      );
      expect(bad, label).toEqual([]);
      expect(hits, label).toEqual([]);
    }
  });

  test('payloads in the layout fields through the preview endpoint and the storefront page execute nothing', async ({
    page,
    request,
  }) => {
    const hits = await armed(page);
    const client = await api(request);
    for (const payload of XSS_PAYLOADS) {
      const res = await client.preview({
        customTitle: `${payload} {product}`,
        addToCartText: payload.slice(0, 60),
        customCss: payload,
        definedTemplate: 'shoppable',
      });
      if (payload.includes('\u0000')) {
        // NUL cannot be stored or sent on: refused as invalid input.
        expect(res.status(), payload).toBe(400);
        continue;
      }
      expect(res.ok(), payload).toBe(true);
      await page.setContent(await res.text());
      await poke(page);
      expect(hits, payload).toEqual([]);
    }
    const saved = await client.patchLayout({
      customTitle: XSS_PAYLOADS.slice(0, 5).join(' '),
      addToCartText: '<img src=x onerror=__xss(99)>',
      customCss: XSS_PAYLOADS.filter((p) => !p.includes('\u0000')).join('\n'),
    });
    expect(saved.ok()).toBe(true);
    await page.goto(SHIRT_PAGE);
    await poke(page);
    await expect(page.locator('.sl-title')).toContainText('<script>__xss(1)</script>');
    expect(hits).toEqual([]);
  });
});
