import type { SeedContext } from './context';
import { receiveWebhook, signWebhook } from '../platform/webhooks';
import { recordAddToCart } from '../services/analytics/addToCart';
import { LOOK_ID_PROPERTY, type LineItemPayload, type OrderPayload } from '../services/analytics/orders';

const DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A small deterministic PRNG, so every seeded demo store shows the same numbers. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 60 days of demo orders, sent through the order webhook code path (signed
 * with the app secret, verified, dispatched on orders/create), attributed to
 * the demo looks, plus the widget's add-to-cart events.
 */
export async function seedOrders({ db, config, shop, now }: SeedContext): Promise<void> {
  const looks = await db
    .selectFrom('productLooks')
    .select(['id', 'discount', 'mainProduct', 'relatedItems'])
    .where('shopId', '=', shop.id)
    .orderBy('id')
    .execute();
  if (!looks.length) return;
  const products = await db
    .selectFrom('catalogProducts')
    .select(['gid', 'price', 'title'])
    .where('shopId', '=', shop.id)
    .where('status', '=', 'active')
    .execute();
  const priceOf = new Map(products.map((p) => [p.gid, Number(p.price)]));
  const lookProducts = looks.map((l) =>
    [l.mainProduct.itemId, ...l.relatedItems.map((r) => r.itemId)].filter((gid) => priceOf.has(gid)),
  );
  const others = products.filter((p) => !lookProducts.flat().includes(p.gid));
  const rand = mulberry32(20240611);
  const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)];
  // The looks were live in these 60 days (the seed leaves them as drafts, so the free plan has room):
  // the one with the bundle discount sold most, and half its line items took the discount.
  const bestseller = (l: (typeof looks)[number]) => !!l.discount?.enabled;
  const weighted = looks.flatMap((l, i) => Array.from({ length: bestseller(l) ? 4 : 1 }, () => i));
  const numericId = (gid: string) => Number(gid.split('/').pop());

  let orderNumber = 1001;
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY_MS;
    const ordersToday = 1 + Math.floor(rand() * 4);
    const times = Array.from(
      { length: ordersToday },
      () => dayStart + Math.floor((8 + rand() * 14) * 60 * 60 * 1000),
    ).sort((a, b) => a - b);
    for (const time of times) {
      if (time > now.getTime()) continue;
      const lookIndex = pick(weighted);
      const look = looks[lookIndex];
      const gids = [...lookProducts[lookIndex]].sort(() => rand() - 0.5).slice(0, 1 + Math.floor(rand() * 3));
      const lineItems: LineItemPayload[] = gids.map((gid) => {
        const quantity = rand() < 0.85 ? 1 : 2;
        const price = priceOf.get(gid)!;
        const discounted = bestseller(look) && rand() < 0.5;
        return {
          product_id: numericId(gid),
          quantity,
          price: price.toFixed(2),
          discount_allocations: discounted ? [{ amount: (price * quantity * 0.1).toFixed(2) }] : [],
          properties: [{ name: LOOK_ID_PROPERTY, value: String(look.id) }],
        };
      });
      if (others.length && rand() < 0.4) {
        const other = pick(others);
        lineItems.push({
          product_id: numericId(other.gid),
          quantity: 1,
          price: Number(other.price).toFixed(2),
          discount_allocations: [],
          properties: [],
        });
      }
      const total = lineItems.reduce(
        (s, li) =>
          s +
          Number(li.price) * Number(li.quantity) -
          (li.discount_allocations ?? []).reduce((d, a) => d + Number(a.amount), 0),
        0,
      );
      const order: OrderPayload = {
        id: 5_100_000_000 + orderNumber,
        name: `#${orderNumber}`,
        order_number: orderNumber,
        currency: shop.currency,
        total_price: total.toFixed(2),
        financial_status: 'paid',
        created_at: new Date(time).toISOString(),
        line_items: lineItems,
      };
      orderNumber++;
      const rawBody = Buffer.from(JSON.stringify(order));
      const result = await receiveWebhook(
        { db, config },
        { topic: 'orders/create', shopDomain: shop.domain, hmac: signWebhook(rawBody, config.apiSecret), rawBody },
      );
      if (result.status !== 200)
        throw new Error(`Demo order webhook failed: ${result.status} ${result.body.message ?? ''}`);
    }
    // Add-to-cart clicks in the widget: more than orders.
    const clicks = 2 + Math.floor(rand() * 5);
    for (let c = 0; c < clicks; c++) {
      const at = dayStart + Math.floor((7 + rand() * 16) * 60 * 60 * 1000);
      if (at > now.getTime()) continue;
      const lookIndex = pick(weighted);
      const gid = pick(lookProducts[lookIndex]);
      await recordAddToCart(
        db,
        { shopDomain: shop.domain, lookId: looks[lookIndex].id, productId: gid, price: priceOf.get(gid)!, quantity: 1 },
        new Date(at),
      );
    }
  }
}
