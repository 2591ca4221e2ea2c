import { openTestDatabase } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import type { DatabaseHandle } from '../index';
import { up } from './0026_file_keys';

describe('0024 file keys', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('rewrites uploads/<shop>/ and generated/<shop>/ references to shops/<shop>/<kind>/, relative and absolute, and nothing else', async () => {
    const { db } = handle;
    const shop = await db
      .insertInto('shops')
      .values({ domain: 'm24.myshopify.com', locale: 'en', email: '', settings: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const upload = `http://localhost:3000/files/uploads/${shop.id}/0f6c.webp`;
    const generated = `/files/generated/${shop.id}/12-1.jpg`;
    const look = await insertLook(db, shop.id, {
      mainProduct: {
        image: '/files/catalog/a-1.jpg',
        selectedMainImage: generated,
        productImages: ['https://cdn.shopify.com/s/files/uploads/1/x.jpg', upload],
      },
      relatedItems: [
        {
          itemId: 'gid://shopify/Product/2',
          title: 'B',
          image: generated,
          order: 0,
          type: 'product',
          markerX: 1,
          markerY: 2,
        },
      ],
    });
    await db
      .updateTable('productLooks')
      .set({ media: JSON.stringify([{ id: 1, url: upload }]) })
      .where('id', '=', look)
      .execute();
    const media = await db
      .insertInto('productLookMedia')
      .values({
        shopId: shop.id,
        fileName: `uploads/${shop.id}/0f6c.webp`,
        contentType: 'image/webp',
        width: 1,
        height: 1,
        bytes: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const generation = await db
      .insertInto('imageGenerations')
      .values({
        shopId: shop.id,
        productLookId: look,
        lookTitle: 'L',
        imageType: 'model',
        customPrompt: null,
        generatedImageUrl: generated,
        errorMessage: null,
        workerId: null,
        queuedAt: null,
        startedAt: null,
        completedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await up(db);
    await up(db); // a second run finds nothing to do

    const newUpload = `http://localhost:3000/files/shops/${shop.id}/uploads/0f6c.webp`;
    const newGenerated = `/files/shops/${shop.id}/generated/12-1.jpg`;
    const row = await db.selectFrom('productLooks').selectAll().where('id', '=', look).executeTakeFirstOrThrow();
    expect(row.mainProduct).toMatchObject({
      image: '/files/catalog/a-1.jpg',
      selectedMainImage: newGenerated,
      productImages: ['https://cdn.shopify.com/s/files/uploads/1/x.jpg', newUpload],
    });
    expect(row.relatedItems[0].image).toBe(newGenerated);
    expect(row.media).toEqual([{ id: 1, url: newUpload }]);
    expect(
      (await db.selectFrom('productLookMedia').select('fileName').where('id', '=', media.id).executeTakeFirstOrThrow())
        .fileName,
    ).toBe(`shops/${shop.id}/uploads/0f6c.webp`);
    expect(
      (
        await db
          .selectFrom('imageGenerations')
          .select('generatedImageUrl')
          .where('id', '=', generation.id)
          .executeTakeFirstOrThrow()
      ).generatedImageUrl,
    ).toBe(newGenerated);
  });
});
