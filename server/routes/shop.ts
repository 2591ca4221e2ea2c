import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { shopSettingsSchema } from '../../src/contracts/shop.schema';
import type { YupTypeProvider } from '../http/validate';
import { createApiToken, getOnboarding, getSettings, getShopContext, updateSettings, type ThemeEditor } from '../services/shop/shops';
import { demoExtensionCheck, recordAppBlockInstalled } from '../services/shop/extensionCheck';
import { checkThemeExtension } from '../platform/themeExtension';
import type { ExtensionCheck } from '../../src/contracts/extensionCheck';

/** The input of the shop routes, declared once: PATCH /shop sends any subset of the settings. */
const schemas = {
  settingsPatch: shopSettingsSchema.partial(),
};

export default async function shopRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, config } = app.deps;
  // Shopify's theme editor in shopify mode; standalone, the demo storefront (as the extension check below).
  const themeEditor: ThemeEditor = config.appMode === 'shopify' ? { apiKey: config.apiKey } : null;

  app.get(`${API_PREFIX}/shop/details`, async (req) => getShopContext(db, req.shop, themeEditor));

  app.get(`${API_PREFIX}/shop`, async (req) => getSettings(req.shop));

  app.patch(`${API_PREFIX}/shop`, { schema: { body: schemas.settingsPatch } }, async (req) => updateSettings(db, req.shop, req.body));

  app.post(`${API_PREFIX}/shop/apiToken`, async (req) => ({ token: await createApiToken(db, req.shop) }));

  // In shopify mode the checkout flag comes from the shop's plan, read again when a day old.
  app.get(`${API_PREFIX}/shop/onboarding`, async (req) =>
    getOnboarding(db, config.appMode === 'shopify' ? await app.platform.shopPlans.fresh(req.shop) : req.shop, themeEditor),
  );

  // The dashboard's extension check: the published theme (shopify mode) or the demo storefront.
  app.get(`${API_PREFIX}/shop/extensionCheck`, async (req): Promise<ExtensionCheck> => {
    if (config.appMode !== 'shopify') return demoExtensionCheck(db, config, req.shop);
    const check = await checkThemeExtension(app.platform.admin, req.shop, config.apiKey);
    await recordAppBlockInstalled(db, req.shop.id, check.embedEnabled || check.appBlockPlaced);
    return check;
  });
}
