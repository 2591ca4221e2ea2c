import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, TMP, type RunningServer } from './server';
import { installAppBridgeStandIn, reportWebVitals, resourcePickerProduct } from './appBridgeStandIn';
import { FakeShopifyAdmin, makeFakeProducts, type FakeProduct } from '../server/test/fakeShopifyAdmin';
import { signSessionToken } from '../server/auth/sessionToken';
import { signWebhook } from '../server/platform/webhooks/hmac';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * The merchant's whole flow in APP_MODE=shopify against local stand-ins: the Admin API stand-in
 * (token endpoint + GraphQL, a real HTTP server in this worker, SHOPIFY_ADMIN_API_BASE_URL) and
 * App Bridge v4 on `window.shopify` (e2e/appBridgeStandIn.ts). Install → the stand-in's catalog →
 * pick a real product → save a look → uninstall → reinstall; and the admin without App Bridge.
 */
const API_KEY = 'e2e-shopify-client-id';
const API_SECRET = 'e2e-shopify-secret-0123456789abcdef';
const SHOP = 'sl-e2e-shop.myshopify.com';
const BLOCKED_SHOP = 'sl-e2e-blocked.myshopify.com';
const en: Record<string, string> = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'translations', 'en.json'), 'utf8'),
);
const t = (key: string, values?: Record<string, number>) => String(new IntlMessageFormat(en[key], 'en').format(values));
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function standInCatalog(prefix: string): FakeProduct[] {
  const products = makeFakeProducts(12, prefix);
  products[11].status = 'ARCHIVED';
  return products;
}
const CATALOG: Record<string, FakeProduct[]> = {
  [SHOP]: standInCatalog('Linen'),
  [BLOCKED_SHOP]: standInCatalog('Wool'),
};

interface Platform {
  admin: FakeShopifyAdmin;
  server: RunningServer;
  log: () => string;
}

const test = base.extend<{ failOnPageErrors: void }, { platform: Platform }>({
  platform: [
    async ({}, use) => {
      const admin = await FakeShopifyAdmin.start({ apiKey: API_KEY, apiSecret: API_SECRET });
      for (const [shop, products] of Object.entries(CATALOG)) admin.setProducts(shop, products);
      const dataDir = path.join(TMP, `run-shopify-${process.pid}-${Date.now()}`);
      const server = await startServer(
        dataDir,
        {
          APP_MODE: 'shopify',
          SHOPIFY_API_KEY: API_KEY,
          SHOPIFY_API_SECRET: API_SECRET,
          TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32),
          SHOPIFY_ADMIN_API_BASE_URL: admin.url,
          LOG_LEVEL: 'info',
        },
        '/logo.svg',
      );
      const logFile = server.logFile;
      await use({ admin, server, log: () => fs.readFileSync(logFile, 'utf8') });
      await server.stop();
      await admin.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ platform }, use) => use(platform.server.url),
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // Product images of the stand-in catalog live on a CDN this machine cannot reach.
      await page.route('https://cdn.example.com/**', (route) =>
        route.fulfill({ contentType: 'image/png', body: PIXEL }),
      );
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

const mint = (shop: string) => signSessionToken(shop, API_KEY, API_SECRET);

/** The admin opens the app with these (App Bridge reads them; the server checks id_token). */
async function launchQuery(shop: string): Promise<string> {
  const host = Buffer.from(`admin.shopify.com/store/${shop.replace('.myshopify.com', '')}`).toString('base64url');
  return `shop=${shop}&host=${host}&embedded=1&id_token=${await mint(shop)}`;
}

/** An API call as the app makes it (a fresh session token of the shop). */
async function api(platform: Platform, shop: string, url: string, init: RequestInit = {}) {
  return fetch(`${platform.server.url}/admin/api/v1${url}`, {
    ...init,
    headers: { Authorization: `Bearer ${await mint(shop)}`, ...(init.headers ?? {}) },
  });
}

async function waitForCatalog(platform: Platform, shop: string) {
  const active = CATALOG[shop].filter((p) => p.status !== 'ARCHIVED');
  await expect
    .poll(async () => (await api(platform, shop, '/catalog/sync')).json(), { timeout: 20_000 })
    .toMatchObject({ status: 'done', synced: CATALOG[shop].length, total: CATALOG[shop].length, first: false });
  const { data } = (await (await api(platform, shop, '/catalog/products?limit=100')).json()) as {
    data: Array<{ id: string; title: string }>;
  };
  expect(data.map((p) => p.id).sort()).toEqual(active.map((p) => p.id).sort());
}

/** Makes the page hidden, as when the merchant leaves it (web-vitals and the reporter flush then). */
async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function sendWebhook(platform: Platform, topic: string, shop: string, payload: unknown) {
  const body = JSON.stringify(payload);
  return fetch(`${platform.server.url}/api/webhooks`, {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Shopify-Topic': topic,
      'X-Shopify-Shop-Domain': shop,
      'X-Shopify-Hmac-Sha256': signWebhook(body, API_SECRET),
      'X-Shopify-Webhook-Id': randomUUID(),
      'X-Shopify-Event-Id': randomUUID(),
      'X-Shopify-API-Version': '2026-10',
      'X-Shopify-Triggered-At': new Date().toISOString(),
    },
  });
}

test("Shopify admin with App Bridge: install, the shop's catalog, pick, save, web vitals, uninstall, reinstall", async ({
  page,
  platform,
}) => {
  const { admin } = platform;
  const [main, ...related] = CATALOG[SHOP];
  const ab = await installAppBridgeStandIn(page, { apiKey: API_KEY, shop: SHOP, mintIdToken: () => mint(SHOP) });

  await test.step('install: the first request exchanges the session token for an expiring offline token', async () => {
    expect(admin.exchanges).toEqual([]);
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
    await page.addInitScript(() => {
      const w = window as unknown as { __rootReplaced: number };
      w.__rootReplaced = 0;
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root');
        if (root)
          new MutationObserver(
            (records) => void (w.__rootReplaced += records.filter((r) => r.removedNodes.length > 0).length),
          ).observe(root, { childList: true });
      });
    });
    const launch = await page.goto(`/looks?${await launchQuery(SHOP)}`);
    // The server rendered the page with the admin's id_token, as under App Bridge (its navigation menu)…
    const html = (await launch?.text()) ?? '';
    expect(html).toContain('id="sl-first-screen"');
    expect(html).toMatch(/<div id="root">.*<ui-nav-menu/s);
    expect(html).toContain(en['Looks.list.title']);
    await expect(page.locator(`html[data-shop="${SHOP}"]`)).toHaveCount(1);
    // …and the browser took it over as it was (no second render).
    await page.waitForLoadState('networkidle');
    expect(warnings.filter((w) => /server-rendered page differed|hydrat/i.test(w))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __rootReplaced: number }).__rootReplaced)).toBe(0);
    await expect(page.getByRole('heading', { name: en['Looks.list.title'], level: 1 })).toBeVisible();
    expect(admin.exchanges).toEqual([{ shop: SHOP, expiring: true }]);
    expect(admin.liveAccessTokens(SHOP)).toHaveLength(1);
    expect(ab.idTokens).toBeGreaterThan(0);
    // App Bridge's navigation, not the standalone one; no "did not load" banner.
    await expect(page.locator('ui-nav-menu a')).toHaveCount(7);
    await expect(page.getByTestId('host-degraded-banner')).toHaveCount(0);
  });

  await test.step("a new shop's empty looks list, rendered by the server, shows its illustration before any script runs", async () => {
    const context = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, baseURL: platform.server.url });
    const html = await context.newPage();
    await html.goto(`/looks?${await launchQuery(SHOP)}`);
    await expect(html.getByText(en['Looks.empty.heading'])).toBeVisible();
    const illustration = html.locator('.Polaris-EmptyState__Image');
    await expect(illustration).toHaveCSS('opacity', '1');
    await expect(html.locator('.Polaris-EmptyState__SkeletonImage')).toBeHidden();
    // At its own size: nothing moves when the page goes live.
    expect((await illustration.boundingBox())?.height).toBeCloseTo(
      (await html.locator('.Polaris-EmptyState__ImageContainer').boundingBox())!.height,
      0,
    );
    await context.close();
  });

  await test.step("the catalog is the stand-in shop's products (synced through GraphQL, archived left out)", async () => {
    await waitForCatalog(platform, SHOP);
    const productQueries = admin.graphql.filter((q) => q.shop === SHOP && /\bproducts\s*\(/.test(q.query));
    expect(productQueries.length).toBeGreaterThan(0);
    expect(productQueries.every((q) => q.status === 200)).toBe(true);
  });

  let lookId = 0;
  await test.step("pick real products with App Bridge's resourcePicker and save the look with its save bar", async () => {
    await page.goto('/looks/new');
    await expect(page.getByRole('button', { name: en['Looks.mainProduct.select'] })).toBeVisible();
    ab.nextPick = [resourcePickerProduct(main)];
    await page.getByRole('button', { name: en['Looks.mainProduct.select'] }).click();
    await expect(page.getByTestId('main-product-title')).toHaveText(main.title);
    ab.nextPick = related.slice(0, 2).map(resourcePickerProduct);
    await page.getByRole('button', { name: en['Looks.related.add'] }).click();
    await expect(page.getByTestId('related-item')).toHaveCount(2);
    expect(ab.pickerCalls).toEqual([
      {
        type: 'product',
        multiple: false,
        action: 'select',
        filter: { variants: false, archived: false },
        selectionIds: [],
      },
      {
        type: 'product',
        multiple: true,
        action: 'select',
        filter: { variants: false, archived: false },
        selectionIds: [],
      },
    ]);

    // The form is dirty: App Bridge's save bar (the stand-in's ui-save-bar), not Polaris'.
    const saveBar = page.locator('ui-save-bar[data-open]');
    await expect(saveBar).toBeVisible();
    await expect(page.getByText(en['General.unsavedChanges'])).toHaveCount(0);
    await saveBar.locator('button[variant="primary"]').click();
    await expect(page).toHaveURL(/\/looks\/edit\/\d+/);
    lookId = Number(/\/looks\/edit\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { name: main.title, level: 1 })).toBeVisible();
    await expect(page.locator('ui-save-bar[data-open]')).toHaveCount(0);
    expect(ab.toasts).toContainEqual({ message: en['Looks.notifications.createSuccess'], isError: false });

    // The picked gids are the synced catalog's products: the look links to the product's page.
    const detail = await (await api(platform, SHOP, `/productLooks/${lookId}`)).json();
    expect(detail.look.mainProduct).toMatchObject({ itemId: main.id, title: main.title, image: main.images[0] });
    expect(detail.look.relatedItems.map((i: { itemId: string }) => i.itemId)).toEqual(
      related.slice(0, 2).map((p) => p.id),
    );
    expect(detail.previewUrl).toContain(`/storefront/products/${main.handle}?look=${lookId}`);
  });

  await test.step("App Bridge's Web Vitals of this page load reach the backend: p75 per route, logged", async () => {
    await reportWebVitals(page, {
      metrics: [
        { id: 'ab-lcp-1', name: 'LCP', value: 1830, country: 'DE' },
        { id: 'ab-cls-1', name: 'CLS', value: 0.04 },
        { id: 'ab-inp-1', name: 'INP', value: 96 },
        { id: 'ab-ttfb-1', name: 'TTFB', value: 120 },
      ],
    });
    await hidePage(page);
    await expect
      .poll(async () => (await (await api(platform, SHOP, '/webVitals/summary')).json()).routes, { timeout: 15_000 })
      .toEqual([
        {
          route: '/looks/new',
          metrics: {
            LCP: { p75: 1830, samples: 1, rating: 'good' },
            CLS: { p75: 0.04, samples: 1, rating: 'good' },
            INP: { p75: 96, samples: 1, rating: 'good' },
          },
        },
      ]);
    await expect
      .poll(() => platform.log(), { timeout: 10_000 })
      .toContain(
        `web vitals p75 (28 d, ${SHOP}): all LCP 1830 ms (good, n=1), CLS 0.04 (good, n=1), INP 96 ms (good, n=1)`,
      );
  });

  await test.step('uninstall: app/uninstalled (signed) deletes the token; the data stays', async () => {
    admin.uninstall(SHOP);
    expect(admin.liveAccessTokens(SHOP)).toEqual([]);
    const bad = await fetch(`${platform.server.url}/api/webhooks`, {
      method: 'POST',
      body: '{}',
      headers: {
        'Content-Type': 'application/json',
        'X-Shopify-Topic': 'app/uninstalled',
        'X-Shopify-Shop-Domain': SHOP,
        'X-Shopify-Hmac-Sha256': 'forged',
      },
    });
    expect(bad.status).toBe(401);
    const res = await sendWebhook(platform, 'app/uninstalled', SHOP, {
      id: 1,
      name: 'E2E',
      domain: SHOP,
      myshopify_domain: SHOP,
    });
    expect(res.status).toBe(200);
    // Without a stored token the server must exchange again, which the platform now refuses.
    await expect.poll(async () => (await api(platform, SHOP, '/shop/details')).status, { timeout: 15_000 }).toBe(401);
    expect(admin.exchanges).toHaveLength(1);
  });

  await test.step('reinstall: the next request exchanges a new token; the look is still there', async () => {
    admin.reinstall(SHOP);
    await page.goto(`/looks?${await launchQuery(SHOP)}`);
    await expect(page.locator(`html[data-shop="${SHOP}"]`)).toHaveCount(1);
    await expect(page.getByText(main.title).first()).toBeVisible();
    expect(admin.exchanges).toEqual([
      { shop: SHOP, expiring: true },
      { shop: SHOP, expiring: true },
    ]);
    expect(admin.liveAccessTokens(SHOP)).toHaveLength(1);
    expect((await api(platform, SHOP, '/shop/details')).status).toBe(200);
  });
});

test("Shopify admin with App Bridge: leaving a dirty form asks through the save bar's leave confirmation, not the app's modal", async ({
  page,
}) => {
  const [main] = CATALOG[SHOP];
  const ab = await installAppBridgeStandIn(page, { apiKey: API_KEY, shop: SHOP, mintIdToken: () => mint(SHOP) });
  await page.goto(`/looks/new?${await launchQuery(SHOP)}`);
  await expect(page.getByRole('button', { name: en['Looks.mainProduct.select'] })).toBeVisible();
  ab.nextPick = [resourcePickerProduct(main)];
  await page.getByRole('button', { name: en['Looks.mainProduct.select'] }).click();
  await expect(page.getByTestId('main-product-title')).toHaveText(main.title);
  await expect(page.locator('ui-save-bar[data-open]')).toBeVisible();
  const back = page.getByRole('link', { name: en['Looks.form.back'] });

  // The merchant stays: the admin's dialog answers nothing, the page and its changes stay.
  ab.leaveAnswer = 'stay';
  await back.click();
  await expect.poll(() => ab.leaveConfirmations).toBe(1);
  await expect(page).toHaveURL(/\/looks\/new/);
  await expect(page.getByText(en['LeaveConfirm.title'])).toHaveCount(0);
  await expect(page.getByTestId('main-product-title')).toHaveText(main.title);

  // The merchant leaves: the app goes where the link pointed.
  ab.leaveAnswer = 'leave';
  await back.click();
  await expect(page).toHaveURL(/\/looks(\?.*)?$/);
  expect(ab.leaveConfirmations).toBe(2);
  await expect(page.locator('ui-save-bar[data-open]')).toHaveCount(0);
});

test("Shopify admin without App Bridge (script blocked): /looks/new stays usable with the app's own picker and save bar", async ({
  page,
  platform,
}) => {
  const { admin } = platform;
  const [main, second] = CATALOG[BLOCKED_SHOP];
  await page.route('https://cdn.shopify.com/**', (route) => route.abort());
  const launch = await launchQuery(BLOCKED_SHOP);
  await page.goto(`/looks/new?${launch}`);
  expect(await page.evaluate(() => 'shopify' in window)).toBe(false);

  // The shop installs from the admin URL's session token alone.
  await expect(page.locator(`html[data-shop="${BLOCKED_SHOP}"]`)).toHaveCount(1);
  expect(admin.exchanges.filter((e) => e.shop === BLOCKED_SHOP)).toEqual([{ shop: BLOCKED_SHOP, expiring: true }]);
  await expect(page.getByText(en['Host.degraded.title'])).toBeVisible();
  await expect(page.getByRole('heading', { name: en['Looks.form.newTitle'], level: 1 })).toBeVisible();
  await waitForCatalog(platform, BLOCKED_SHOP);

  // The standalone picker lists the shop's synced products (archived left out).
  await page.getByRole('button', { name: en['Looks.mainProduct.select'] }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('picker-product')).toHaveCount(CATALOG[BLOCKED_SHOP].length - 1);
  await dialog.getByTestId('picker-product').filter({ hasText: main.title }).first().locator('label').click();
  await dialog.getByRole('button', { name: t('Picker.select', { count: 1 }) }).click();
  await expect(page.getByTestId('main-product-title')).toHaveText(main.title);
  await page.getByRole('button', { name: en['Looks.related.add'] }).click();
  await dialog.getByPlaceholder(en['Picker.search']).fill(second.title);
  await dialog.getByTestId('picker-product').filter({ hasText: second.title }).first().locator('label').click();
  await dialog.getByRole('button', { name: t('Picker.select', { count: 1 }) }).click();
  await expect(page.getByTestId('related-item')).toHaveCount(1);

  // Polaris' save bar stands in for App Bridge's.
  await expect(page.getByText(en['General.unsavedChanges'])).toBeVisible();
  await expect(page.locator('ui-save-bar')).toHaveCount(0);
  await page.getByRole('button', { name: en['General.actions.save'] }).first().click();
  await expect(page).toHaveURL(/\/looks\/edit\/\d+/);
  await expect(page.getByText(en['Looks.notifications.createSuccess'])).toBeVisible();
  const lookId = Number(/\/looks\/edit\/(\d+)/.exec(page.url())![1]);
  const detail = await (await api(platform, BLOCKED_SHOP, `/productLooks/${lookId}`)).json();
  expect(detail.look.mainProduct.itemId).toBe(main.id);

  // Without App Bridge the web-vitals library measures: LCP and CLS of this page load on leaving.
  await hidePage(page);
  await expect
    .poll(
      async () => {
        const { routes } = await (await api(platform, BLOCKED_SHOP, '/webVitals/summary')).json();
        const looksNew = routes.find((r: { route: string }) => r.route === '/looks/new');
        return Object.keys(looksNew?.metrics ?? {}).sort();
      },
      { timeout: 15_000 },
    )
    .toEqual(expect.arrayContaining(['CLS', 'LCP']));
});
