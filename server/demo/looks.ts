import type { SeedContext } from './context';
import { DEFAULT_MARKER_COLOR, type LookRelatedItem } from '../../src/contracts/looks';

/**
 * A few demo looks built from the catalog, all drafts: the demo shop is on the free plan, which allows
 * one active look, so that look is left for the merchant to create or activate. "Summer in the City"
 * (with a bundle discount) was the live look and sold most; see orders.ts.
 */
export async function seedLooks({ db, shop }: SeedContext): Promise<void> {
  const products = await db.selectFrom('catalogProducts').selectAll().where('shopId', '=', shop.id).execute();
  const byHandle = new Map(products.map((p) => [p.handle, p]));
  const looks: Array<{ title: string; main: string; related: string[]; tags: string; discount?: boolean }> = [
    {
      title: 'Summer in the City',
      main: 'linen-shirt-sand',
      related: ['chino-pants-khaki', 'leather-loafers-cognac', 'round-sunglasses-tortoise'],
      tags: 'summer,city',
      discount: true,
    },
    {
      title: 'Weekend Getaway',
      main: 'weekender-bag-navy',
      related: ['denim-jacket-washed', 'canvas-sneakers-white'],
      tags: 'travel',
    },
    {
      title: 'Evening Out',
      main: 'slip-dress-black',
      related: ['strappy-sandals-gold', 'crossbody-bag-burgundy', 'dress-watch-rose'],
      tags: 'evening,party',
    },
    {
      title: 'Autumn Layers',
      main: 'trench-coat-camel',
      related: ['cashmere-scarf-grey', 'suede-boots-taupe', 'wide-jeans-indigo'],
      tags: 'autumn',
    },
  ];
  for (const look of looks) {
    const main = byHandle.get(look.main)!;
    const relatedItems: LookRelatedItem[] = look.related.map((handle, order) => {
      const p = byHandle.get(handle)!;
      return {
        itemId: p.gid,
        title: p.title,
        image: p.images[0] ?? '',
        order,
        type: 'product',
        markerX: 30 + order * 20,
        markerY: 35 + order * 15,
      };
    });
    await db
      .insertInto('productLooks')
      .values({
        shopId: shop.id,
        title: look.title,
        active: false,
        mainProduct: JSON.stringify({
          itemId: main.gid,
          title: main.title,
          image: main.images[0] ?? '',
          selectedMainImage: main.images[0] ?? null,
          productImages: main.images,
        }),
        relatedItems: JSON.stringify(relatedItems),
        markerColor: DEFAULT_MARKER_COLOR,
        featured: !!look.discount,
        media: JSON.stringify([]),
        discount: look.discount
          ? JSON.stringify({
              enabled: true,
              label: 'Bundle deal',
              type: 'percentage',
              value: 10,
              discountText: 'Save 10% on the look',
            })
          : null,
        tags: look.tags,
      })
      .execute();
  }
}
