import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { insertLook } from '../../../test/looks';
import { colourProducts, expectPositionsOnTheirPhotos } from '../../../test/colourProducts';
import { FakeOpenAI, boxesFromPixels } from '../../../test/imageStandIns/fakeOpenAI';
import { FakeGemini } from '../../../test/imageStandIns/fakeGemini';
import { DEMO_SHOP_DOMAIN } from '../../../config';
import { failRun } from '../generationRuns';
import { shopFileKey, shopFilesOf, storageFor } from '../../../storage';
import type { LookProductImage } from '../generatorImages';

jest.setTimeout(60000);

async function firstKey(keys: AsyncIterable<string>): Promise<string | undefined> {
  for await (const key of keys) return key;
  return undefined;
}
const DEMO = DEMO_SHOP_DOMAIN;

type StandIn = FakeOpenAI | FakeGemini;
const PROVIDERS = [
  {
    name: 'openai' as const,
    start: () => FakeOpenAI.start({ slowMs: 3000 }),
    env: (s: StandIn, key = s.apiKey): Record<string, string> => ({
      IMAGE_PROVIDER: 'openai',
      OPENAI_API_KEY: key,
      OPENAI_BASE_URL: `${s.url}/v1`,
    }),
  },
  {
    name: 'gemini' as const,
    start: () => FakeGemini.start({ slowMs: 3000 }),
    env: (s: StandIn, key = s.apiKey): Record<string, string> => ({
      IMAGE_PROVIDER: 'gemini',
      GEMINI_API_KEY: key,
      GEMINI_BASE_URL: s.url,
    }),
  },
];

/** Short timeouts and backoff so every failure class is quick; one retry. */
const FAST = { IMAGE_PROVIDER_TIMEOUT_MS: '800', IMAGE_PROVIDER_RETRIES: '1', IMAGE_PROVIDER_RETRY_DELAY_MS: '20' };

async function shopId(t: TestApp) {
  return (await t.db.selectFrom('shops').select('id').where('domain', '=', DEMO).executeTakeFirstOrThrow()).id;
}

/** A look of 4 colour products, in the shop's catalog with titles and product types. */
async function colourLook(t: TestApp): Promise<{ lookId: number; products: LookProductImage[] }> {
  const shop = await shopId(t);
  const products = await colourProducts(storageFor(t.config), 4);
  const types = ['Shirt', 'Trousers', 'Hat', 'Bag'];
  await t.db
    .insertInto('catalogProducts')
    .values(
      products.map((p, i) => ({
        shopId: shop,
        gid: p.productId,
        handle: `colour-${i}`,
        title: `Colour ${types[i]}`,
        status: 'active' as const,
        price: '10',
        images: JSON.stringify([p.image]),
        productType: types[i],
      })),
    )
    .execute();
  const [main, ...related] = products;
  const lookId = await insertLook(t.db, shop, {
    title: 'Colour Study',
    mainProduct: { itemId: main.productId, title: 'Colour Shirt', image: main.image },
    relatedItems: related.map((p, order) => ({
      itemId: p.productId,
      title: `Item ${order}`,
      image: p.image,
      order,
      type: 'product',
      markerX: 50,
      markerY: 50,
    })),
  });
  return { lookId, products };
}

async function setCredits(t: TestApp, n: number) {
  const shop = await shopId(t);
  await t.db
    .insertInto('shopCredits')
    .values({ shopId: shop, balance: n })
    .onConflict((oc) => oc.column('shopId').doUpdateSet({ balance: n }))
    .execute();
}

async function generate(t: TestApp, lookId: number, customPrompt?: string) {
  const res = await t.request({
    method: 'POST',
    url: '/admin/api/v1/image-generation',
    shop: DEMO,
    payload: { productLookId: lookId, imageType: 'flat_lay', ...(customPrompt ? { customPrompt } : {}) },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().imageGenerationId as number;
  for (const until = Date.now() + 20000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    const g = (await t.request({ method: 'GET', url: `/admin/api/v1/image-generation/${id}`, shop: DEMO })).json();
    if (g.status === 'COMPLETED' || g.status === 'FAILED')
      return g as {
        id: number;
        status: string;
        errorMessage: string | null;
        generatedImageUrl: string | null;
        itemPositions?: never;
      };
  }
  throw new Error('generation did not finish');
}

async function balance(t: TestApp) {
  return (await t.request({ method: 'GET', url: '/admin/api/v1/credits', shop: DEMO })).json()
    .creditsRemaining as number;
}

describe.each(PROVIDERS)('$name provider against its stand-in', (provider) => {
  let stand: StandIn;
  beforeAll(async () => {
    stand = await provider.start();
  });
  afterAll(() => stand.close());

  it('generates a flat lay from the look photos: wire format, the stored JPEG, markers found on each product, cost logged', async () => {
    const t = await createTestApp({
      seed: true,
      env: { ...provider.env(stand), ...FAST },
      deps: { gallery: { pollMs: 50 } },
    });
    try {
      await setCredits(t, 2);
      const { lookId, products } = await colourLook(t);
      const before = stand.requests.length;
      const g = await generate(t, lookId, 'soft morning light');
      expect(g).toMatchObject({ status: 'COMPLETED', errorMessage: null });
      const jpeg = (await shopFilesOf(t.config)(await shopId(t), g.generatedImageUrl!))!;
      expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
      // Every product found where the stand-in drew its photo.
      await expectPositionsOnTheirPhotos(
        jpeg,
        (g as unknown as { itemPositions: never }).itemPositions,
        products,
        'detected',
      );
      const calls = stand.requests.slice(before);
      expect(calls).toHaveLength(2);
      expect(calls[0]).toMatchObject({ images: 4, status: 200 });
      expect(calls[0].prompt).toContain('Colour Shirt (shirt, red)');
      expect(calls[0].prompt).toContain('Colour Hat (hat, blue)');
      expect(calls[0].prompt).toContain('soft morning light');
      expect(calls[0].model).toBe(provider.name === 'openai' ? 'gpt-image-2' : 'gemini-3.1-flash-image');
      expect(calls[1]).toMatchObject({ images: 1, status: 200 });
      expect(await balance(t)).toBe(1);
    } finally {
      await t.close();
    }
  });

  const failures: Array<[string, string | null, string]> = [
    ['a wrong API key', 'wrong-key', 'Generation.failure.auth'],
    ['a content-policy refusal', '[standin:policy]', 'Generation.failure.content_policy'],
    ['429 after the retries', '[standin:busy]', 'Generation.failure.busy'],
    ['a timeout', '[standin:slow]', 'Generation.failure.timeout'],
    ['an oversize request', '[standin:oversize]', 'Generation.failure.oversize'],
    ['a server error after the retries', '[standin:error]', 'Generation.failure.unavailable'],
  ];
  it.each(failures)(
    '%s fails with its own message and refunds the credit exactly once',
    async (_label, trigger, message) => {
      const key = trigger === 'wrong-key' ? 'sk-wrong' : stand.apiKey;
      const t = await createTestApp({
        seed: true,
        env: { ...provider.env(stand, key), ...FAST },
        deps: { gallery: { pollMs: 50 } },
      });
      try {
        await setCredits(t, 3);
        const { lookId } = await colourLook(t);
        const before = stand.requests.length;
        const g = await generate(t, lookId, trigger === 'wrong-key' ? undefined : trigger!);
        expect(g).toMatchObject({ status: 'FAILED', errorMessage: message, generatedImageUrl: null });
        expect(await balance(t)).toBe(3);
        const refunds = await t.db
          .selectFrom('creditLedger')
          .select(['delta', 'reference'])
          .where('reason', '=', 'refund')
          .execute();
        expect(refunds).toEqual([{ delta: 1, reference: `${g.id}:1` }]);
        // Retried with backoff: 429 and 5xx once more (IMAGE_PROVIDER_RETRIES=1); a key, policy or size failure is final at once.
        const calls = stand.requests.slice(before).length;
        expect(calls).toBe(
          trigger === '[standin:busy]' ||
            trigger === '[standin:error]' ||
            (trigger === '[standin:slow]' && provider.name === 'openai')
            ? 2
            : 1,
        );
        // A second failure report of the same run (a late worker, a replay) refunds nothing more.
        const row = await t.db
          .selectFrom('imageGenerations')
          .selectAll()
          .where('id', '=', g.id)
          .executeTakeFirstOrThrow();
        expect(await failRun(t.db, { ...row, status: 'IN_PROGRESS' } as typeof row, 'again', new Date())).toBe(false);
        expect(await balance(t)).toBe(3);
        expect(await firstKey(storageFor(t.config).list('shops/'))).toBeUndefined();
      } finally {
        await t.close();
      }
    },
  );

  it('a 429 that clears on the retry completes, and costs the one credit', async () => {
    const t = await createTestApp({
      seed: true,
      env: { ...provider.env(stand), ...FAST },
      deps: { gallery: { pollMs: 50 } },
    });
    try {
      await setCredits(t, 1);
      const { lookId } = await colourLook(t);
      const before = stand.requests.length;
      const g = await generate(t, lookId, '[standin:busy-once]');
      expect(g.status).toBe('COMPLETED');
      expect(stand.requests.slice(before).map((r) => r.status)).toEqual([429, 200, 200]);
      expect(await balance(t)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('finds the products in an uploaded photo it knows (hotspot suggestions); refuses URLs it may not read', async () => {
    const t = await createTestApp({ seed: true, env: { ...provider.env(stand), ...FAST } });
    try {
      // A 1200 × 800 photo with a red product top-left and a blue one bottom-right.
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f4f4f4' } })
        .composite([
          {
            input: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#d01818' } })
              .png()
              .toBuffer(),
            left: 100,
            top: 100,
          },
          {
            input: await sharp({ create: { width: 200, height: 300, channels: 3, background: '#1830d0' } })
              .png()
              .toBuffer(),
            left: 800,
            top: 400,
          },
        ])
        .jpeg()
        .toBuffer();
      const photoKey = shopFileKey(await shopId(t), 'uploads', 'photo.jpg');
      await storageFor(t.config).put(photoKey, photo);
      await stand.studio.know(
        photo,
        boxesFromPixels(
          [
            { left: 100, top: 100, width: 300, height: 200 },
            { left: 800, top: 400, width: 200, height: 300 },
          ],
          1200,
          800,
        ),
      );
      const products = [
        { productId: 'gid://shopify/Product/1', title: 'Red Shirt' },
        { productId: 'gid://shopify/Product/2', title: 'Blue Bag' },
      ];
      const res = await t.request({
        method: 'POST',
        url: '/admin/api/v1/productLooks/hotspots',
        shop: DEMO,
        payload: { imageUrl: `/files/${photoKey}`, products },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        provider: provider.name,
        positions: [
          {
            productId: 'gid://shopify/Product/1',
            x: 20.8,
            y: 25,
            box: { left: 8.3, top: 12.5, width: 25, height: 25 },
            source: 'detected',
          },
          {
            productId: 'gid://shopify/Product/2',
            x: 75,
            y: 68.75,
            box: { left: 66.7, top: 50, width: 16.6, height: 37.5 },
            source: 'detected',
          },
        ],
      });
      const elsewhere = await t.request({
        method: 'POST',
        url: '/admin/api/v1/productLooks/hotspots',
        shop: DEMO,
        payload: { imageUrl: 'http://169.254.169.254/latest', products },
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });

  it('a failed product search says what failed, and nothing of a credit (a search costs none)', async () => {
    const t = await createTestApp({ seed: true, env: { ...provider.env(stand, 'wrong-key'), ...FAST } });
    try {
      const photoKey = shopFileKey(await shopId(t), 'uploads', 'any.jpg');
      await storageFor(t.config).put(
        photoKey,
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
          .jpeg()
          .toBuffer(),
      );
      const res = await t.request({
        method: 'POST',
        url: '/admin/api/v1/productLooks/hotspots',
        shop: DEMO,
        payload: { imageUrl: `/files/${photoKey}`, products: [{ productId: 'p', title: 'P' }] },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'provider.auth',
        message: 'The image provider refused the API key. Place the markers by hand, or try again later.',
      });
    } finally {
      await t.close();
    }
  });
});

describe('without a provider (IMAGE_PROVIDER=local)', () => {
  it('the hotspot finder suggests nothing: the composer positions and the grid stay', async () => {
    const t = await createTestApp({ seed: true });
    try {
      const res = await t.request({
        method: 'POST',
        url: '/admin/api/v1/productLooks/hotspots',
        shop: DEMO,
        payload: { imageUrl: '/files/x.jpg', products: [{ productId: 'p', title: 'P' }] },
      });
      expect(res.json()).toEqual({ provider: 'local', positions: [] });
    } finally {
      await t.close();
    }
  });

  it('a provider without its key refuses to start', async () => {
    await expect(createTestApp({ env: { IMAGE_PROVIDER: 'openai' } })).rejects.toThrow(
      'IMAGE_PROVIDER=openai needs OPENAI_API_KEY',
    );
    await expect(createTestApp({ env: { IMAGE_PROVIDER: 'dall-e' } })).rejects.toThrow(
      'IMAGE_PROVIDER must be local, openai or gemini',
    );
  });
});
