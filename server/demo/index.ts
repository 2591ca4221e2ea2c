import type { Db } from '../db';
import type { Config } from '../config';
import { DEMO_SHOP_DOMAIN } from '../config';
import { storageFor } from '../storage';
import type { SeedContext } from './context';
import { findShopByDomain, provisionShop } from '../services/shop/shops';
import { DEMO_PRODUCTS } from './catalogData';
import { drawProductImages } from './productImages';
import { seedLooks } from './looks';
import { seedOrders } from './orders';
import { seedBilling } from './billing';
import { seedGallery } from './gallery';
import { seedFunnel } from './funnel';
import { seedExperiments } from './experiments';

/**
 * Seeds the demo store on first start (standalone mode): shop, catalog with
 * real images, a few looks, 60 days of orders, plans, credits. Idempotent:
 * a database that already has the demo shop is left as it is.
 */
export async function seedDemo(db: Db, config: Config, now = new Date()): Promise<void> {
  if (await findShopByDomain(db, DEMO_SHOP_DOMAIN)) return;
  const images = await drawProductImages(DEMO_PRODUCTS, storageFor(config));
  await db.transaction().execute(async (trx) => {
    const shop = await provisionShop(trx, DEMO_SHOP_DOMAIN, {
      email: 'merchant@demo-shop.example',
      currency: 'USD',
      origin: 'standalone',
    });
    await trx
      .updateTable('shops')
      .set({
        imageGalleryEnabled: true,
        aiImageGenerationEnabled: true,
        appBlockThemeSupported: true,
        canUseCheckoutUiExtension: true,
      })
      .where('id', '=', shop.id)
      .execute();
    await trx
      .insertInto('catalogProducts')
      .values(
        DEMO_PRODUCTS.map((p, i) => ({
          shopId: shop.id,
          gid: `gid://shopify/Product/${1001 + i}`,
          handle: p.handle,
          title: p.title,
          status: p.status ?? 'active',
          price: p.price.toFixed(2),
          compareAtPrice: p.compareAtPrice?.toFixed(2) ?? null,
          images: JSON.stringify(images.get(p.handle) ?? []),
          productType: p.type,
          // One variant per demo product (the storefront item's variantId).
          defaultVariantGid: `gid://shopify/ProductVariant/${2001 + i}`,
          available: !p.soldOut,
        })),
      )
      .execute();
    const ctx: SeedContext = { db: trx, config, shop, now };
    await seedBilling(ctx);
    await seedLooks(ctx);
    await seedGallery(ctx);
  });
  // Orders go through the webhook code path, outside the catalog transaction.
  const shop = (await findShopByDomain(db, DEMO_SHOP_DOMAIN))!;
  await seedOrders({ db, config, shop, now });
  // Storefront funnel history, consistent with those orders.
  await seedFunnel({ db, config, shop, now });
  await seedExperiments({ db, config, shop, now });
}
