import type { Db } from '../db';
import type { ShopRef } from './context';

/** The shops the app can call the Admin API for: installed, with an access token; oldest first. */
export function installedShopsWithToken(db: Db): Promise<ShopRef[]> {
  return db
    .selectFrom('shops')
    .innerJoin('accessTokens', 'accessTokens.shopId', 'shops.id')
    .select(['shops.id', 'shops.domain'])
    .where('shops.installedAt', 'is not', null)
    .orderBy('shops.id')
    .execute();
}

/** The shop of a job, while it is installed (a job queued before an uninstall finds none). */
export function installedShop(db: Db, shopId: number): Promise<ShopRef | undefined> {
  return db
    .selectFrom('shops')
    .select(['id', 'domain'])
    .where('id', '=', shopId)
    .where('installedAt', 'is not', null)
    .executeTakeFirst();
}
