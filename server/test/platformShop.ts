import { FakeShopifyAdmin } from './fakeShopifyAdmin';
import { createTestApp, shopifyModeEnv, type TestApp } from './testApp';
import { API_PREFIX } from '../../src/contracts/api';
import type { ShopRow } from '../services/shop/shops';
import type { Db } from '../db';

/** An app in APP_MODE=shopify against a new Admin API stand-in (close both with `close`). */
export async function shopifyTestApp(
  apiKey: string,
  apiSecret: string,
  env: Record<string, string> = {},
  fakeOptions: Partial<Parameters<typeof FakeShopifyAdmin.start>[0]> = {},
) {
  const fake = await FakeShopifyAdmin.start({ apiKey, apiSecret, ...fakeOptions });
  const t = await createTestApp({
    env: { ...shopifyModeEnv(fake.url, apiKey, apiSecret), ...env },
  });
  return { fake, t, close: async () => (await t.close(), await fake.close()) };
}

/**
 * The shop's first admin request installs it (token exchange); waits for the catalog sync it started
 * and whatever follows the install (bundle discounts, storefront metafields, the plan).
 */
export async function installShop(t: TestApp, domain: string): Promise<ShopRow> {
  const res = await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain });
  if (res.statusCode !== 200) throw new Error(`Installing ${domain} answered ${res.statusCode}: ${res.body}`);
  const shop = await t.db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();
  await t.app.platform.catalogSync.running(shop.id);
  await t.app.platform.lifecycle.idle();
  return shop;
}

/** The shop on the paid monthly plan (more than one active look), activated now. */
export async function givePaidPlan(db: Db, shopId: number): Promise<void> {
  await db
    .insertInto('shopPlans')
    .values({
      shopId,
      planName: 'monthly',
      chargeId: null,
      discountPercentage: null,
      discountCode: null,
      activatedAt: new Date(),
    })
    .execute();
}
