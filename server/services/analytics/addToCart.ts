import { sql } from 'kysely';
import type { Db } from '../../db';
import type { AddToCartEvent } from '../../../src/contracts/analytics';
import { notFound } from '../../http/errors';
import { invalidateStats } from './stats';

/**
 * Units one add-to-cart event counts at most per item. The endpoint is public,
 * so one request must not be able to add more than this many times the catalog
 * price to the revenue; a larger quantity (the widget allows up to 99) counts
 * as this many.
 */
export const ADD_TO_CART_MAX_QUANTITY = 10;

const MAX_ID = 2_147_483_647;

/** What was recorded: the catalog price, the counted quantity and their product. */
export interface RecordedAddToCart {
  price: number;
  quantity: number;
  revenue: number;
}

/**
 * Records an add-to-cart from the storefront widget. Nothing in the event is
 * trusted beyond ids: the shop must be installed, the look one of its looks,
 * the product the look's main product, one of its related items or an item's alternative, and on sale
 * in the shop's catalog (status active). The price is the catalog's (an event's
 * own `price` is ignored); the quantity is capped at ADD_TO_CART_MAX_QUANTITY.
 * Revenue = price × quantity. The event and both daily rollups are written in
 * one statement (atomic, one round trip).
 */
export async function recordAddToCart(
  db: Db,
  event: AddToCartEvent,
  at: Date = new Date(),
): Promise<RecordedAddToCart> {
  const lookId = Number.isSafeInteger(event.lookId) && event.lookId > 0 && event.lookId <= MAX_ID ? event.lookId : null;
  const productId = event.productId;
  const found = await db
    .selectFrom('shops as s')
    .leftJoin('productLooks as l', (join) => join.onRef('l.shopId', '=', 's.id').on('l.id', '=', lookId ?? 0))
    .leftJoin('catalogProducts as p', (join) =>
      join.onRef('p.shopId', '=', 's.id').on('p.gid', '=', productId).on('p.status', '=', 'active'),
    )
    .select([
      's.id',
      's.timezone',
      'l.id as lookId',
      'p.price',
      sql<boolean>`(l.main_product->>'itemId' = ${productId}
        OR l.related_items @> jsonb_build_array(jsonb_build_object('itemId', ${productId}::text))
        OR l.related_items @> jsonb_build_array(jsonb_build_object('alternative', jsonb_build_object('itemId', ${productId}::text))))`.as(
        'inLook',
      ),
    ])
    .where('s.domain', '=', event.shopDomain.toLowerCase())
    .where('s.installedAt', 'is not', null)
    .executeTakeFirst();
  if (!found) throw notFound('Analytics.errors.unknownShop');
  if (!found.lookId) throw notFound('Analytics.errors.unknownLook');
  if (!found.inLook) throw notFound('Analytics.errors.productNotInLook');
  if (found.price === null) throw notFound('Analytics.errors.productNotInCatalog');

  const cents = Math.round(Number(found.price) * 100);
  const quantity = Math.min(Math.max(1, Math.trunc(event.quantity)), ADD_TO_CART_MAX_QUANTITY);
  const price = (cents / 100).toFixed(2);
  const revenue = ((cents * quantity) / 100).toFixed(2);
  const day = sql`(${at.toISOString()}::timestamptz AT TIME ZONE ${found.timezone})::date`;
  await sql`
    WITH e AS (
      INSERT INTO add_to_cart_events (shop_id, look_id, product_id, price, quantity, local_day, created_at)
      VALUES (${found.id}, ${found.lookId}, ${productId}, ${price}::numeric, ${quantity}, ${day}, ${at.toISOString()}::timestamptz)
      RETURNING local_day),
    l AS (
      INSERT INTO look_daily_stats (shop_id, day, look_id, add_to_cart_count, add_to_cart_revenue)
      SELECT ${found.id}, e.local_day, ${found.lookId}, ${quantity}, ${revenue}::numeric FROM e
      ON CONFLICT (shop_id, day, look_id) DO UPDATE SET
        add_to_cart_count = look_daily_stats.add_to_cart_count + excluded.add_to_cart_count,
        add_to_cart_revenue = look_daily_stats.add_to_cart_revenue + excluded.add_to_cart_revenue)
    INSERT INTO shop_daily_stats (shop_id, day, add_to_cart_revenue)
    SELECT ${found.id}, e.local_day, ${revenue}::numeric FROM e
    ON CONFLICT (shop_id, day) DO UPDATE SET add_to_cart_revenue = shop_daily_stats.add_to_cart_revenue + excluded.add_to_cart_revenue`.execute(
    db,
  );
  await invalidateStats(db, found.id);
  return { price: cents / 100, quantity, revenue: (cents * quantity) / 100 };
}
