import { sql } from 'kysely';
import type { Db } from '../db';
import type { AddToCartEvent } from '../../src/contracts/analytics';
import { notFound } from '../http/errors';

/**
 * Records an add-to-cart from the storefront widget: the shop must be
 * installed and the look must be one of its looks. Revenue = price × quantity.
 */
export async function recordAddToCart(db: Db, event: AddToCartEvent, at: Date = new Date()): Promise<void> {
  const shop = await db
    .selectFrom('shops')
    .select(['id', 'timezone'])
    .where('domain', '=', event.shopDomain.toLowerCase())
    .where('installedAt', 'is not', null)
    .executeTakeFirst();
  if (!shop) throw notFound('Analytics.errors.unknownShop');
  const look = await db
    .selectFrom('productLooks')
    .select('id')
    .where('shopId', '=', shop.id)
    .where('id', '=', event.lookId)
    .executeTakeFirst();
  if (!look) throw notFound('Analytics.errors.unknownLook');
  const cents = Math.round(event.price * 100) * event.quantity;
  const revenue = (cents / 100).toFixed(2);
  const day = sql<string>`(${at.toISOString()}::timestamptz AT TIME ZONE ${shop.timezone})::date`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('addToCartEvents')
      .values({ shopId: shop.id, lookId: look.id, productId: event.productId, price: event.price.toFixed(2), quantity: event.quantity, localDay: day, createdAt: at })
      .execute();
    await trx
      .insertInto('lookDailyStats')
      .values({ shopId: shop.id, day, lookId: look.id, addToCartCount: event.quantity, addToCartRevenue: revenue })
      .onConflict((oc) =>
        oc.columns(['shopId', 'day', 'lookId']).doUpdateSet({
          addToCartCount: sql`look_daily_stats.add_to_cart_count + excluded.add_to_cart_count`,
          addToCartRevenue: sql`look_daily_stats.add_to_cart_revenue + excluded.add_to_cart_revenue`,
        }),
      )
      .execute();
    await trx
      .insertInto('shopDailyStats')
      .values({ shopId: shop.id, day, addToCartRevenue: revenue })
      .onConflict((oc) =>
        oc.columns(['shopId', 'day']).doUpdateSet({
          addToCartRevenue: sql`shop_daily_stats.add_to_cart_revenue + excluded.add_to_cart_revenue`,
        }),
      )
      .execute();
  });
}
