import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import { recordChange } from '../changes/outbox';

/** shopify.app.toml `[app_proxy] prefix/subpath`: the path until the platform says another one. */
export const DEFAULT_PROXY_PATH = '/apps/looks';

/**
 * A path the platform's `path_prefix` can be: one of the prefixes the admin offers (apps, a,
 * community, tools) and the merchant's subpath (letters, digits, `-`, `_`).
 */
export const isProxyPath = (value: unknown): value is string =>
  typeof value === 'string' && /^\/(apps|a|community|tools)\/[A-Za-z0-9_-]{1,100}$/.test(value);

/** Where the shop's storefront reaches the app proxy: the last signed `path_prefix`, else the toml's. */
export const proxyPathOf = (shop: Pick<ShopRow, 'proxyPath'>): string =>
  isProxyPath(shop.proxyPath) ? shop.proxyPath : DEFAULT_PROXY_PATH;

/**
 * A verified proxy request's `path_prefix` (the merchant may change the proxy's prefix and subpath in
 * the admin): stored when it differs, and the config metafield is marked for rewriting so the
 * storefront script posts its events there (StorefrontConfig.proxyPath). One conditional update; the
 * request that sees the change first marks it.
 */
export async function rememberProxyPath(db: Db, shop: ShopRow, pathPrefix: string): Promise<boolean> {
  if (!isProxyPath(pathPrefix) || shop.proxyPath === pathPrefix) return false;
  const before = shop.proxyPath ?? null;
  const changed = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('shops')
      .set({ proxyPath: pathPrefix })
      .where('id', '=', shop.id)
      .where((eb) => eb.or([eb('proxyPath', 'is', null), eb('proxyPath', '!=', pathPrefix)]))
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) return false;
    await recordChange(db, shop.id, { kind: 'proxyPathChanged', before, after: pathPrefix }, trx);
    return true;
  });
  shop.proxyPath = pathPrefix;
  return changed;
}
