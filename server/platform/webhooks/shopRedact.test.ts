jest.setTimeout(120_000);
import sharp from 'sharp';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { DEMO_SHOP_DOMAIN } from '../../config';
import { storageFor } from '../../storage';
import type { ShopRow } from '../../services/shop/shops';
import { deliver } from './test/deliver';

/**
 * shop/redact: zero rows of the shop in ANY table (every table of the schema,
 * read from information_schema — tables added later included) and no files.
 */
const KEEP = 'keep.myshopify.com';

/** Rows of the shop in every table: by shop_id, by foreign key to the shop's rows, or naming its domain anywhere. */
async function rowsOfShop(t: TestApp, shop: Pick<ShopRow, 'id' | 'domain'>): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ tableName: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(
    t.db,
  );
  const { rows: shopIdColumns } = await sql<{ tableName: string }>`
    SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'shop_id'`.execute(
    t.db,
  );
  const withShopId = new Set(shopIdColumns.map((c) => c.tableName));
  const { rows: foreignKeys } = await sql<{ child: string; childColumn: string; parent: string; parentColumn: string }>`
    SELECT kcu.table_name AS child, kcu.column_name AS child_column, ccu.table_name AS parent, ccu.column_name AS parent_column
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name AND kcu.table_schema = tc.table_schema
    JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
    WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()`.execute(t.db);
  const counts: Record<string, number> = {};
  // The domain as a whole name (x<domain> is another shop).
  const domainPattern = `(^|[^a-z0-9.-])${shop.domain.replace(/\./g, '\\.')}($|[^a-z0-9.-])`;
  for (const { tableName } of tables) {
    if (tableName.startsWith('kysely_migration')) continue;
    const table = sql.table(tableName);
    const conditions = [sql`row_to_json(${table})::text ~* ${domainPattern}`];
    if (withShopId.has(tableName)) conditions.push(sql`${sql.ref('shop_id')} = ${shop.id}`);
    if (tableName === 'shops') conditions.push(sql`${sql.ref('id')} = ${shop.id}`);
    for (const fk of foreignKeys.filter((f) => f.child === tableName)) {
      if (fk.parent === 'shops') conditions.push(sql`${sql.ref(fk.childColumn)} = ${shop.id}`);
      else if (withShopId.has(fk.parent)) {
        conditions.push(
          sql`${sql.ref(fk.childColumn)} IN (SELECT ${sql.ref(fk.parentColumn)} FROM ${sql.table(fk.parent)} WHERE shop_id = ${shop.id})`,
        );
      }
    }
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${table} WHERE ${sql.join(conditions, sql` OR `)}`.execute(t.db);
    counts[tableName] = Number(rows[0].n);
  }
  return counts;
}

/** The kinds of file the shop has in the storage (shops/<id>/<kind>/…). */
async function shopFolders(t: TestApp, shopId: number): Promise<string[]> {
  const kinds = new Set<string>();
  for await (const key of storageFor(t.config).list(`shops/${shopId}/`)) kinds.add(`${key.split('/')[2]}/${shopId}`);
  return [...kinds];
}

async function upload(t: TestApp, shop: string) {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();
  const boundary = '----shopRedactBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="look.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.request({
    method: 'POST',
    url: '/admin/api/v1/productLooks/media',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    shop,
  });
  expect(res.statusCode).toBe(200);
}

describe('shop/redact', () => {
  let t: TestApp;
  let demo: ShopRow;
  let keep: ShopRow;
  beforeAll(async () => {
    // The demo store: catalog, looks, 60 days of orders and stats, billing, layout, booster…
    t = await createTestApp({ seed: true });
    demo = (await t.db
      .selectFrom('shops')
      .selectAll()
      .where('domain', '=', DEMO_SHOP_DOMAIN)
      .executeTakeFirstOrThrow()) as ShopRow;
    keep = await t.provision(KEEP);
    const keepLook = await insertLook(t.db, keep.id);
    for (const shop of [DEMO_SHOP_DOMAIN, KEEP]) {
      await upload(t, shop);
      await t.request({ method: 'GET', url: '/admin/api/v1/booster', shop });
      await deliver(t, 'app/scopes_update', { current: ['read_products'] }, { shop });
      await deliver(
        t,
        'customers/data_request',
        { customer: { id: 1, email: 'a@example.com' }, orders_requested: [] },
        { shop },
      );
      await storageFor(t.config).put(
        `shops/${shop === KEEP ? keep.id : demo.id}/generated/flat-lay.jpg`,
        Buffer.from('jpeg'),
      );
    }
    await deliver(
      t,
      'orders/create',
      {
        id: 77,
        line_items: [
          { product_id: 1, quantity: 1, price: '5.00', properties: [{ name: '_look_id', value: String(keepLook) }] },
        ],
      },
      { shop: KEEP },
    );
    // Rows only linked by a key that names the shop (a shared rate-limit counter).
    await t.db
      .insertInto('rateLimits')
      .values({
        key: `discount:shop:${DEMO_SHOP_DOMAIN}`,
        hits: 3,
        windowEndsAt: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    await t.db
      .insertInto('rateLimits')
      .values({ key: `discount:shop:${KEEP}`, hits: 3, windowEndsAt: new Date(Date.now() + 60_000).toISOString() })
      .execute();
    await t.db
      .insertInto('rateLimits')
      .values({
        key: `discount:shop:x${DEMO_SHOP_DOMAIN}`,
        hits: 1,
        windowEndsAt: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    // A table a later feature adds, with a child table that has no shop column and no cascade.
    await sql`CREATE TABLE future_notes (id serial PRIMARY KEY, shop_id integer NOT NULL REFERENCES shops(id), note text)`.execute(
      t.db,
    );
    await sql`CREATE TABLE future_note_parts (id serial PRIMARY KEY, note_id integer NOT NULL REFERENCES future_notes(id), part text)`.execute(
      t.db,
    );
    for (const shop of [demo, keep]) {
      const { rows } = await sql<{
        id: number;
      }>`INSERT INTO future_notes (shop_id, note) VALUES (${shop.id}, 'note') RETURNING id`.execute(t.db);
      await sql`INSERT INTO future_note_parts (note_id, part) VALUES (${rows[0].id}, 'part')`.execute(t.db);
    }
  });
  afterAll(() => t.close());

  it('leaves zero rows of the shop in any table and none of its files; the other shop keeps everything', async () => {
    const before = await rowsOfShop(t, demo);
    const keepBefore = await rowsOfShop(t, keep);
    const filled = Object.keys(before).filter((table) => before[table] > 0);
    // The check is only as good as the data: most of the schema holds rows of the demo shop.
    expect(filled).toEqual(
      expect.arrayContaining([
        'shops',
        'catalog_products',
        'product_looks',
        'product_look_media',
        'orders',
        'order_look_items',
        'look_daily_stats',
        'shop_daily_stats',
        'add_to_cart_events',
        'webhook_deliveries',
        'customer_data_requests',
        'rate_limits',
        'future_notes',
        'future_note_parts',
      ]),
    );
    expect((await shopFolders(t, demo.id)).sort()).toEqual(['generated', 'uploads'].map((k) => `${k}/${demo.id}`));

    const res = await deliver(
      t,
      'shop/redact',
      { shop_id: 954889, shop_domain: DEMO_SHOP_DOMAIN },
      { shop: DEMO_SHOP_DOMAIN, eventId: 'redact-shop' },
    );
    expect(res.statusCode).toBe(200);

    const after = await rowsOfShop(t, demo);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(Object.keys(after).length).toBe(Object.keys(before).length);
    expect(await shopFolders(t, demo.id)).toEqual([]);
    // The files went in a durable job queued with the deletion of the rows (retried until done).
    const { rows: erasures } = await t.app.jobs.boss
      .getDb()
      .executeSql(`select state from pgboss.job where name = 'shop.eraseFiles' and (data->>'shopId')::int = $1`, [
        demo.id,
      ]);
    expect(erasures).toEqual([{ state: 'completed' }]);

    expect(await rowsOfShop(t, keep)).toEqual(keepBefore);
    expect((await shopFolders(t, keep.id)).sort()).toEqual(['generated', 'uploads'].map((k) => `${k}/${keep.id}`));
    // A key that only contains the domain inside a longer name is not the shop's.
    expect(
      await t.db
        .selectFrom('rateLimits')
        .select('key')
        .where('key', '=', `discount:shop:x${DEMO_SHOP_DOMAIN}`)
        .execute(),
    ).toHaveLength(1);
    // The shared demo catalog images are not per shop and stay.
    expect(await storageFor(t.config).stat('catalog/linen-shirt-sand-1.jpg')).not.toBeNull();
  });

  it('a replay (or any later delivery for the erased shop) is acknowledged and writes nothing', async () => {
    const replay = await deliver(
      t,
      'shop/redact',
      { shop_id: 954889, shop_domain: DEMO_SHOP_DOMAIN },
      { shop: DEMO_SHOP_DOMAIN, eventId: 'redact-shop' },
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, handled: false });
    const late = await deliver(t, 'orders/create', { id: 5, line_items: [] }, { shop: DEMO_SHOP_DOMAIN });
    expect(late.json()).toEqual({ received: true, handled: false });
    expect(Object.values(await rowsOfShop(t, demo)).every((n) => n === 0)).toBe(true);
  });
});
