import type { FakeAdminModuleFactory } from './module';
import { fakeBulk } from './bulk';
import { fakeFlow } from './flow';
import { fakeMetafields } from './metafields';
import { fakeOrders } from './orders';
import { fakeShopPlan } from './shopPlan';
import { fakeThemes } from './themes';
import { fakeWebhookSubscriptions } from './webhookSubscriptions';

/**
 * The stand-in's modules, one line each (a module's tests reach it by name through
 * `FakeShopifyAdmin.module(name)`).
 */
export const FAKE_ADMIN_MODULES: Record<string, FakeAdminModuleFactory> = {
  bulk: fakeBulk,
  flow: fakeFlow,
  metafields: fakeMetafields,
  orders: fakeOrders,
  shopPlan: fakeShopPlan,
  themes: fakeThemes,
  webhookSubscriptions: fakeWebhookSubscriptions,
};
