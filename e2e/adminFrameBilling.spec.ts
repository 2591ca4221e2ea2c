import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, TMP, type RunningServer } from './server';
import { installAppBridgeStandIn } from './appBridgeStandIn';
import { FakeShopifyAdmin, makeFakeProducts } from '../server/test/fakeShopifyAdmin';
import { signSessionToken } from '../server/auth/sessionToken';
import { IntlMessageFormat } from 'intl-messageformat';
import config from './playwright.config';

/**
 * Billing as the merchant meets it inside the admin (APP_MODE=shopify, the Admin API stand-in):
 * https://admin.shopify.com frames the app, and the platform's approval page sits at
 * https://{shop}/admin/charges/…/confirm. Both are served by the test (no network); the frame is
 * Chromium's own, so the app's CSP frame-ancestors decides whether each document renders — the
 * billing return (a 303 to the plans page with shop/host/embedded, no id_token or hmac) included.
 */
const API_KEY = 'e2e-billing-client-id';
const API_SECRET = 'e2e-billing-secret-0123456789abcdef';
const SHOP = 'sl-e2e-billing.myshopify.com';
const STORE = SHOP.replace('.myshopify.com', '');
const HANDLE = 'shoppable-looks';
const HOST = Buffer.from(`admin.shopify.com/store/${STORE}`).toString('base64url');
const en: Record<string, string> = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'translations', 'en.json'), 'utf8'),
);
const t = (key: string, values?: Record<string, number>) => String(new IntlMessageFormat(en[key], 'en').format(values));

interface Platform {
  admin: FakeShopifyAdmin;
  server: RunningServer;
}

const test = base.extend<object, { platform: Platform }>({
  platform: [
    async ({}, use) => {
      const admin = await FakeShopifyAdmin.start({ apiKey: API_KEY, apiSecret: API_SECRET });
      admin.setProducts(SHOP, makeFakeProducts(3, 'Billing'));
      const dataDir = path.join(TMP, `run-admin-frame-${process.pid}-${Date.now()}`);
      const server = await startServer(
        dataDir,
        {
          APP_MODE: 'shopify',
          SHOPIFY_API_KEY: API_KEY,
          SHOPIFY_API_SECRET: API_SECRET,
          TOKEN_ENCRYPTION_KEY: 'cd'.repeat(32),
          SHOPIFY_ADMIN_API_BASE_URL: admin.url,
        },
        '/logo.svg',
      );
      await use({ admin, server });
      await server.stop();
      await admin.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

// The test's "admin" has no address while the app runs on this machine: Chromium's local-network-access
// checks (a public page framing a local address) are off, as the real admin frames a public app URL.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessForNavigations,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests',
    ],
  },
});

const mint = () => signSessionToken(SHOP, API_KEY, API_SECRET);
const adminUrl = (pathAndQuery: string) => `https://admin.shopify.com/store/${STORE}/apps/${HANDLE}${pathAndQuery}`;

/** The admin's app page (the app's document in its frame, with the admin's parameters) and the platform's approval page. */
async function serveAdmin(page: Page, platform: Platform) {
  await page.route(`https://admin.shopify.com/store/${STORE}/apps/${HANDLE}**`, (route) => {
    const url = new URL(route.request().url());
    const inner = new URL(
      `${url.pathname.slice(`/store/${STORE}/apps/${HANDLE}`.length) || '/'}${url.search}`,
      platform.server.url,
    );
    for (const [k, v] of Object.entries({ shop: SHOP, host: HOST, embedded: '1' })) inner.searchParams.set(k, v);
    const body = `<!doctype html><title>Shopify admin</title><iframe name="app-iframe" title="Shoppable Looks" src="${inner}" style="width:1200px;height:880px;border:0"></iframe>`;
    return route.fulfill({ contentType: 'text/html', body });
  });
  // The merchant approves: the platform activates the charge and sends the browser to returnUrl + charge_id.
  await page.route(`https://${SHOP}/admin/charges/*/confirm`, async (route) => {
    const id = /\/charges\/(\d+)\/confirm/.exec(route.request().url())![1];
    const charge = platform.admin.chargesOf(SHOP).find((c) => c.id.endsWith(`/${id}`))!;
    platform.admin.setChargeStatus(id, 'ACTIVE');
    const back = new URL(String(charge.variables.returnUrl));
    back.searchParams.set('charge_id', id);
    // (A page that navigates on, rather than a 302: Playwright routes the navigation it starts.)
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Approve</title><script>location.replace(${JSON.stringify(back.toString())})</script>`,
    });
  });
}

test('a plan approved on the platform: the plans page renders inside the admin frame with it; Lifetime over the subscription cancels it', async ({
  page,
  platform,
}) => {
  const installed = await fetch(`${platform.server.url}/admin/api/v1/shop/details`, {
    headers: { Authorization: `Bearer ${await mint()}` },
  });
  expect(installed.status).toBe(200);
  await installAppBridgeStandIn(page, { apiKey: API_KEY, shop: SHOP, mintIdToken: mint });
  await serveAdmin(page, platform);

  await page.goto(adminUrl('/billing/plans'));
  const app = page.frameLocator('iframe[name="app-iframe"]');
  const card = (plan: string) => app.locator(`[data-plan="${plan}"]`);
  await expect(card('free').getByRole('button', { name: t('Billing.plan.current') })).toBeDisabled({ timeout: 15_000 });

  // Monthly: approved on the platform's page; the admin loads the return in the app's frame.
  await card('monthly')
    .getByRole('button', { name: /free trial/ })
    .click();
  await page.waitForURL(/admin\.shopify\.com\/store\/[^/]+\/apps\/[^/]+\/api\/billing\/return\?.*charge_id=/);
  await expect(card('monthly').getByRole('button', { name: t('Billing.plan.current') })).toBeDisabled({
    timeout: 15_000,
  });
  const subscription = platform.admin.chargesOf(SHOP).find((c) => c.kind === 'AppSubscription')!;
  // A development store: a test charge.
  expect(subscription).toMatchObject({ status: 'ACTIVE', variables: { test: true } });

  // Lifetime over the active subscription: the subscription is cancelled on the platform.
  await app.getByRole('group', { name: 'Billing period' }).getByRole('button', { name: 'Lifetime' }).click();
  await card('lifetime')
    .getByRole('button', { name: t('Billing.plan.ctaLifetime') })
    .click();
  await expect(card('lifetime').getByRole('button', { name: t('Billing.plan.current') })).toBeDisabled({
    timeout: 15_000,
  });
  expect(platform.admin.chargesOf(SHOP).find((c) => c.id === subscription.id)!.status).toBe('CANCELLED');
  const cancels = platform.admin.graphql.filter((q) => q.shop === SHOP && /appSubscriptionCancel/.test(q.query));
  expect(cancels.map((q) => q.variables.id)).toEqual([subscription.id]);
});
