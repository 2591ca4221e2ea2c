import { sql } from 'kysely';
import type { Db } from '../../db';
import { DEMO_SHOP_DOMAIN, type Config } from '../../config';
import type { DemoExtensionCheck } from '../../../src/contracts/extensionCheck';
import { storefrontUrl } from '../looks/looks';

/**
 * Standalone mode: there is no theme; the app renders the demo storefront itself. The card links
 * to the product page of the newest active look, else of the newest look (its preview); null
 * without any look.
 */
export async function demoExtensionCheck(
  db: Db,
  config: Pick<Config, 'appUrl'>,
  shop: { id: number; domain: string },
): Promise<DemoExtensionCheck> {
  const look = await db
    .selectFrom('productLooks as l')
    .innerJoin('catalogProducts as p', (join) =>
      join.onRef('p.shopId', '=', 'l.shopId').on(sql<string>`p.gid`, '=', sql<string>`l.main_product->>'itemId'`),
    )
    .select(['l.id', 'p.handle'])
    .where('l.shopId', '=', shop.id)
    .orderBy('l.active', 'desc')
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const url = look ? storefrontUrl(config, look.handle, look.id) : null;
  // The demo storefront shows the demo shop unless `shop` names another one.
  return {
    mode: 'demo',
    storefrontUrl: url && shop.domain !== DEMO_SHOP_DOMAIN ? `${url}&shop=${encodeURIComponent(shop.domain)}` : url,
  };
}

/** The theme check's answer feeds the setup guide's "enable app extension" step. */
export async function recordAppBlockInstalled(db: Db, shopId: number, installed: boolean): Promise<void> {
  await db
    .updateTable('shops')
    .set({ appBlockInstalled: installed })
    .where('id', '=', shopId)
    .where('appBlockInstalled', '!=', installed)
    .execute();
}
