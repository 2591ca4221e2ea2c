import { createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ShopsTable } from '../../db/tables/foundation';
import {
  DEFAULT_SHOP_SETTINGS,
  type Onboarding,
  type ShopContext,
  type ShopSettings,
} from '../../../src/contracts/shop';
import { shopSettingsSchema } from '../../../src/contracts/shop.schema';
import { validate } from '../../../src/contracts/validation';
import { appBlockDeepLink, embedDeepLink } from '../../../src/contracts/extensionCheck';
import { isLocale } from '../../../src/contracts/api';
import { validationFailed } from '../../http/errors';
import { shouldUpgradeToPaidPlan } from '../billing/planLimits';
import { recordChange } from '../changes/outbox';

export type ShopRow = Selectable<ShopsTable>;

export async function findShopByDomain(db: Db, domain: string): Promise<ShopRow | undefined> {
  return db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirst();
}

/**
 * Creates (or re-installs) a shop; used on first valid token in standalone mode,
 * by the seed and by the platform install. `origin` (default `platform`) records
 * who made it; a platform install turns a standalone shop into a platform one.
 */
export async function provisionShop(
  db: Db,
  domain: string,
  init: Partial<Pick<ShopRow, 'locale' | 'email' | 'currency' | 'timezone' | 'origin'>> = {},
): Promise<ShopRow> {
  const locale = isLocale(init.locale) ? init.locale : 'en';
  const origin = init.origin ?? 'platform';
  return db
    .insertInto('shops')
    .values({
      domain,
      locale,
      email: init.email ?? `owner@${domain}`,
      currency: init.currency ?? 'USD',
      timezone: init.timezone ?? 'UTC',
      installedAt: new Date(),
      settings: JSON.stringify({ ...DEFAULT_SHOP_SETTINGS, locale }),
      origin,
    })
    .onConflict((oc) =>
      oc
        .column('domain')
        .doUpdateSet(origin === 'platform' ? { installedAt: new Date(), origin } : { installedAt: new Date() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The shop's theme editor: Shopify's, reached with the app's API key (shopify mode), or none — the
 * standalone app has no Shopify theme: its demo storefront renders the look block and the embed itself
 * (as the dashboard's extension check says), and a link to a "theme editor" would open the admin of a
 * store of that name on the internet, or leave the app for nothing.
 */
export type ThemeEditor = { apiKey: string } | null;

/**
 * Theme editor deep links: the product app block (`shoppable-look`), or the app embed on the cart
 * template (cart booster); '' without a theme editor (the screens then offer none).
 */
export function themeEditorDeepLink(
  shop: ShopRow,
  editor: ThemeEditor,
  target: 'product' | 'cart' = 'product',
): string {
  if (!editor) return '';
  return target === 'cart'
    ? embedDeepLink(shop.domain, editor.apiKey, 'cart')
    : appBlockDeepLink(shop.domain, editor.apiKey);
}

export async function getShopContext(db: Db, shop: ShopRow, editor: ThemeEditor): Promise<ShopContext> {
  return {
    shopDomain: shop.domain,
    locale: isLocale(shop.locale) ? shop.locale : 'en',
    shopEmail: shop.email,
    currency: shop.currency,
    timezone: shop.timezone,
    scriptTagSupported: shop.scriptTagSupported,
    usesLatestVersion: true,
    reOAuthUrl: null,
    options: {
      imageGalleryEnabled: shop.imageGalleryEnabled,
      aiImageGenerationEnabled: shop.aiImageGenerationEnabled,
    },
    appThemeExtensionDeepLink: themeEditorDeepLink(shop, editor),
    shouldUpgradeToPaidPlan: await shouldUpgradeToPaidPlan(db, shop.id),
  };
}

export function getSettings(shop: ShopRow): ShopSettings {
  return { ...DEFAULT_SHOP_SETTINGS, ...shop.settings };
}

/**
 * PATCH /shop: the body may hold some or all settings; the merged result must
 * pass the SPEC §5 rules, otherwise nothing is written.
 */
export async function updateSettings(db: Db, shop: ShopRow, body: unknown): Promise<ShopSettings> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed({ _: { key: 'validation.invalidBody' } });
  }
  const merged = { ...getSettings(shop), ...(body as object) };
  const result = validate(shopSettingsSchema, merged);
  if (result.errors) throw validationFailed(result.errors);
  const settings = result.value as ShopSettings;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('shops')
      .set({ settings: JSON.stringify(settings), locale: settings.locale, shopUpdated: true })
      .where('id', '=', shop.id)
      .execute();
    await recordChange(db, shop.id, { kind: 'settingsChanged', before: getSettings(shop), after: settings }, trx);
  });
  return settings;
}

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a new API token; only its hash is stored, so it can be shown once. */
export async function createApiToken(db: Db, shop: ShopRow): Promise<string> {
  const token = `shpl_${randomBytes(24).toString('base64url')}`;
  await db
    .updateTable('shops')
    .set({ apiTokenHash: hashApiToken(token) })
    .where('id', '=', shop.id)
    .execute();
  return token;
}

export async function getOnboarding(db: Db, shop: ShopRow, editor: ThemeEditor): Promise<Onboarding> {
  const look = await db
    .selectFrom('productLooks')
    .select('id')
    .where('shopId', '=', shop.id)
    .limit(1)
    .executeTakeFirst();
  const createdLook = !!look;
  // Without a theme editor (standalone) the block is there by construction: the demo storefront shows the looks.
  const appBlockInstalled = !editor || shop.appBlockInstalled;
  const extensionDone = shop.scriptTagSupported || appBlockInstalled;
  return {
    createdLook,
    shopUpdated: shop.shopUpdated,
    appBlockInstalled,
    appBlockThemeSupported: shop.appBlockThemeSupported,
    scriptTagSupported: shop.scriptTagSupported,
    appThemeExtensionDeepLink: themeEditorDeepLink(shop, editor),
    setupGuideDisplay: !(createdLook && extensionDone && shop.shopUpdated),
    onboarding: {
      themeExtensionSupported: shop.appBlockThemeSupported,
      appThemeExtensionCartDeepLink: themeEditorDeepLink(shop, editor, 'cart'),
      canUseCheckoutUIExtension: shop.canUseCheckoutUiExtension,
    },
  };
}
