import { sql } from 'kysely';
import type { Db } from '../../db';
import type { AddToCartEvent } from '../../../src/contracts/analytics';
import { notFound } from '../../http/errors';
import { invalidateStats } from './stats';

/**
 * Records an add-to-cart from the storefront widget: the shop must be
 * installed and the look must be one of its looks. Revenue = price × quantity.
 * The event and both daily rollups are written in one statement (atomic, one round trip).
 */
export async function recordAddToCart(db: Db, event: AddToCartEvent, at: Date = new Date()): Promise<void> {
  const found = await db
    .selectFrom('shops as s')
    .select((eb) => [
      's.id',
      's.timezone',
      eb
        .selectFrom('productLooks as l')
        .select('l.id')
        .whereRef('l.shopId', '=', 's.id')
        .where('l.id', '=', event.lookId)
        .as('lookId'),
    ])
    .where('s.domain', '=', event.shopDomain.toLowerCase())
    .where('s.installedAt', 'is not', null)
    .executeTakeFirst();
  if (!found) throw notFound('Analytics.errors.unknownShop');
  if (!found.lookId) throw notFound('Analytics.errors.unknownLook');
  const revenue = ((Math.round(event.price * 100) * event.quantity) / 100).toFixed(2);
  const day = sql`(${at.toISOString()}::timestamptz AT TIME ZONE ${found.timezone})::date`;
  await sql`
    WITH e AS (
      INSERT INTO add_to_cart_events (shop_id, look_id, product_id, price, quantity, local_day, created_at)
      VALUES (${found.id}, ${found.lookId}, ${event.productId}, ${event.price.toFixed(2)}::numeric, ${event.quantity}, ${day}, ${at.toISOString()}::timestamptz)
      RETURNING local_day),
    l AS (
      INSERT INTO look_daily_stats (shop_id, day, look_id, add_to_cart_count, add_to_cart_revenue)
      SELECT ${found.id}, e.local_day, ${found.lookId}, ${event.quantity}, ${revenue}::numeric FROM e
      ON CONFLICT (shop_id, day, look_id) DO UPDATE SET
        add_to_cart_count = look_daily_stats.add_to_cart_count + excluded.add_to_cart_count,
        add_to_cart_revenue = look_daily_stats.add_to_cart_revenue + excluded.add_to_cart_revenue)
    INSERT INTO shop_daily_stats (shop_id, day, add_to_cart_revenue)
    SELECT ${found.id}, e.local_day, ${revenue}::numeric FROM e
    ON CONFLICT (shop_id, day) DO UPDATE SET add_to_cart_revenue = shop_daily_stats.add_to_cart_revenue + excluded.add_to_cart_revenue`.execute(db);
  await invalidateStats(db, found.id);
}
