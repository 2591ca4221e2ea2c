import type { FastifyInstance } from 'fastify';
import { adminRoute } from '../http/adminRoute';
import {
  createApiToken,
  getOnboarding,
  getSettings,
  getShopContext,
  updateSettings,
  type ThemeEditor,
} from '../services/shop/shops';
import { demoExtensionCheck, recordAppBlockInstalled } from '../services/shop/extensionCheck';
import { checkThemeExtension } from '../platform/themeExtension';
import type { ExtensionCheck } from '../../src/contracts/extensionCheck';

export default async function shopRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  // Shopify's theme editor in shopify mode; standalone, the demo storefront (as the extension check below).
  const themeEditor: ThemeEditor = config.appMode === 'shopify' ? { apiKey: config.apiKey } : null;

  adminRoute(app, 'GET /shop/details', async (req) => getShopContext(db, req.shop, themeEditor));

  adminRoute(app, 'GET /shop', async (req) => getSettings(req.shop));

  adminRoute(app, 'PATCH /shop', async (req) => updateSettings(db, req.shop, req.body));

  adminRoute(app, 'POST /shop/apiToken', async (req) => ({ token: await createApiToken(db, req.shop) }));

  // In shopify mode the checkout flag comes from the shop's plan, read again when a day old.
  adminRoute(app, 'GET /shop/onboarding', async (req) =>
    getOnboarding(
      db,
      config.appMode === 'shopify' ? await app.platform.shopPlans.fresh(req.shop) : req.shop,
      themeEditor,
    ),
  );

  // The dashboard's extension check: the published theme (shopify mode) or the demo storefront.
  adminRoute(app, 'GET /shop/extensionCheck', async (req): Promise<ExtensionCheck> => {
    if (config.appMode !== 'shopify') return demoExtensionCheck(db, config, req.shop);
    const check = await checkThemeExtension(app.platform.admin, req.shop, config.apiKey);
    await recordAppBlockInstalled(db, req.shop.id, check.embedEnabled || check.appBlockPlaced);
    return check;
  });
}
