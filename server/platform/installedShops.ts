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
