/**
 * Property-based test of every registered route (both app modes): generated
 * path parameters, queries and bodies — wrong types, boundary and huge
 * numbers, odd Unicode (lone surrogates, NUL, RTL, emoji), deep nesting, empty
 * and oversize values, mutations of valid bodies. For every request:
 * - never a 5xx;
 * - an error answer (4xx) is JSON with a non-empty `message`;
 * - a rejected write (POST/PUT/PATCH/DELETE answered 4xx) changes no row of
 *   any table (information_schema lists them, so new tables are included).
 *
 * Routes are collected from the Fastify instances themselves, so routes added
 * later are driven without touching this file. FUZZ_RUNS (cases per route,
 * default 12, after the fixed edge cases) and FUZZ_SEED set the effort and the
 * seed; FUZZ_SHRINK=1 shrinks a failure to its smallest case (slower);
 * FUZZ_DEBUG=1 prints the answers per route and status.
 */
import fc from 'fast-check';
import { createTestApp, type TestApp } from './testApp';
import { collectRoutes, fillUrl, paramNames, queryString, type RegisteredRoute } from './fuzz/routes';
import { changedTables, dataTables, snapshot } from './fuzz/dbSnapshot';
import { mutated, oddValue, paramArb, queryArb, schemaFields, shaped, toJsonText } from './fuzz/arbitraries';
import { lookFormBody } from './looks';
import { signAppProxyQuery } from '../auth/appProxy';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20250611);
const SHRINK = process.env.FUZZ_SHRINK === '1';
const DEMO = 'demo-shop.myshopify.com';
/** The parameters the app proxy adds to every forwarded request (signed with them). */
const proxyParams = () => ({
  shop: DEMO,
  path_prefix: '/apps/looks',
  logged_in_customer_id: '',
  timestamp: String(Math.floor(Date.now() / 1000)),
});
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const LOOK = lookFormBody({
  mainProduct: {
    itemId: 'gid://shopify/Product/1001',
    title: 'Tee',
    image: 'https://cdn.example.com/a.jpg',
    selectedMainImage: null,
    productImages: ['https://cdn.example.com/a.jpg', '/files/catalog/b.jpg'],
  },
  relatedItems: [
    {
      itemId: 'gid://shopify/Product/1002',
      title: 'Pants',
      image: '/files/catalog/c.jpg',
      order: 0,
      type: 'product',
      markerX: 10,
      markerY: 20,
      alternative: { itemId: 'gid://shopify/Product/1003', title: 'Shorts', image: 'https://cdn.example.com/s.jpg' },
    },
  ],
  discount: {
    enabled: true,
    label: 'Bundle',
    type: 'percentage',
    value: 10,
    discountText: 'Save',
    tiers: [{ quantity: 2, percentage: 5 }],
  },
  tags: 'summer,city',
});

/** Valid bodies, by route, that the fuzzer mutates one field at a time (other routes get bodies shaped by their schema). */
const EXAMPLES: Record<string, unknown> = {
  'POST /admin/api/v1/productLooks': LOOK,
  'PATCH /admin/api/v1/productLooks/:id': LOOK,
  'PATCH /admin/api/v1/shop': { variantLabel: 'Size', usePoopUpDelay: 3, locale: 'en', discountCode: 'X' },
  'PATCH /admin/api/v1/layout': {
    customTitle: '{product}',
    addToCartText: 'Buy',
    inPageCssSelector: '.x',
    addToCartButtonColor: '00FF00',
  },
  'POST /admin/api/v1/layout/preview': { customTitle: 'Look', definedTemplate: 'inpage' },
  'PATCH /admin/api/v1/booster': {
    discountValue: 5,
    discountLabel: 'Deal',
    cartPageCssSelector: '.cart',
    showOnCartPage: true,
  },
  'POST /admin/api/v1/productLookCollections': { name: 'Summer' },
  'POST /admin/api/v1/events': { name: 'page_viewed', distinctId: 'd-1', properties: { page: '/looks', n: 1 } },
  'POST /admin/api/v1/image-generation': { productLookId: 1, imageType: 'flat_lay', customPrompt: 'on linen' },
  'PUT /admin/api/v1/image-generation/:id': { imageType: 'model', customPrompt: 'outdoor' },
  'POST /admin/api/v1/shop/select-plan': { planName: 'monthly', discountCode: 'WELCOME' },
  'POST /admin/api/v1/discount/validate': { code: 'WELCOME10' },
  'POST /api/storefront/add-to-cart': {
    shopDomain: DEMO,
    lookId: 1,
    productId: 'gid://shopify/Product/1002',
    price: 10,
    quantity: 1,
  },
  'POST /api/storefront/events': {
    visitorId: 'visitor-1234',
    events: [
      {
        type: 'add_to_cart',
        lookId: 1,
        productId: 'gid://shopify/Product/1002',
        device: 'mobile',
        at: 1_790_000_000_000,
      },
    ],
  },
  'POST /api/proxy/events': {
    visitorId: 'visitor-1234',
    events: [{ type: 'impression', lookId: 1, device: 'desktop', at: 1_790_000_000_000 }],
  },
  'POST /charges/:id/decide': { token: 'abc', decision: 'approve' },
  'POST /admin/api/v1/experiments': {
    lookId: 1,
    split: 50,
    variant: { name: 'B', imageUrl: null, template: 'multi_col' },
  },
  'PATCH /admin/api/v1/experiments/:id': { split: 30, variant: { name: 'B', imageUrl: null, template: 'inpage' } },
  'POST /admin/api/v1/experiments/:id/apply': { variantId: 2 },
};

const VALID_IDS = ['1', '2', '3', '4', '5'];

interface Case {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: { text: string; contentType: string };
  origin?: string;
}

const schemaOf = (route: RegisteredRoute, part: 'body' | 'querystring') =>
  (route.schema as Record<string, unknown> | undefined)?.[part];

function bodyArb(route: RegisteredRoute): fc.Arbitrary<Case['body']> {
  const example = EXAMPLES[`${route.method} ${route.url}`];
  const json = fc.oneof(
    ...(example ? [{ arbitrary: mutated(example), weight: 6 }] : []),
    { arbitrary: shaped(schemaFields(schemaOf(route, 'body'))), weight: 3 },
    { arbitrary: oddValue, weight: 2 },
  );
  return fc.oneof(
    { arbitrary: json.map((value) => ({ text: toJsonText(value), contentType: 'application/json' })), weight: 12 },
    {
      arbitrary: fc
        .constantFrom(
          '',
          '{',
          'null',
          '[]',
          '{"a":1e400}',
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
          'x'.repeat(1_100_000),
        )
        .map((text) => ({ text, contentType: 'application/json' })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
          ),
          fc.string({ maxLength: 40 }),
        )
        .map(([contentType, text]) => ({ text, contentType })),
      weight: 1,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

function caseArb(route: RegisteredRoute): fc.Arbitrary<Case> {
  const names = paramNames(route.url);
  const params = fc.record(Object.fromEntries(names.map((n) => [n, paramArb(VALID_IDS)])));
  const query = queryArb(schemaFields(schemaOf(route, 'querystring')));
  const body = WRITE_METHODS.has(route.method) ? bodyArb(route) : fc.constant(undefined);
  const origin = fc.constantFrom(
    undefined,
    undefined,
    undefined,
    'https://evil.example',
    'https://x.myshopify.com',
    'null',
  );
  return fc.record({ params, query, body, origin }) as fc.Arbitrary<Case>;
}

const statuses: string[] = [];

/** Values at the edges every route must refuse cleanly; each is tried alone in every parameter, query field and body field. */
const EDGE_TEXT = ['0', '-1', '2147483648', '99999999999', '1e20', '1e308', '1.5', 'abc', '', '\ud800', '\u0000'];
const EDGE_JSON: unknown[] = [
  2147483648,
  99999999999,
  1e20,
  1.5,
  -1,
  '\ud800',
  'a\u0000',
  '',
  null,
  {},
  [],
  [true],
  ['x'],
  { a: 1 },
];

/** The deterministic part of the property: every edge value in every declared place, the rest valid. */
function edgeCases(route: RegisteredRoute): Case[] {
  const cases: Case[] = [];
  const names = paramNames(route.url);
  const validParams = Object.fromEntries(names.map((n) => [n, '1']));
  for (const name of names)
    for (const value of EDGE_TEXT) cases.push({ params: { ...validParams, [name]: value }, query: {} });
  for (const field of schemaFields(schemaOf(route, 'querystring'))) {
    for (const value of [...EDGE_TEXT, ['1', '2']]) cases.push({ params: validParams, query: { [field]: value } });
  }
  if (WRITE_METHODS.has(route.method)) {
    const example = EXAMPLES[`${route.method} ${route.url}`];
    const json = (value: unknown) => ({ text: toJsonText(value), contentType: 'application/json' });
    if (example) {
      for (const path of leafPaths(example))
        for (const value of EDGE_JSON)
          cases.push({ params: validParams, query: {}, body: json(setPath(example, path, value)) });
    } else {
      for (const field of schemaFields(schemaOf(route, 'body')))
        for (const value of EDGE_JSON) cases.push({ params: validParams, query: {}, body: json({ [field]: value }) });
    }
  }
  return cases;
}

function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...prefix, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
  return [prefix];
}

function setPath(root: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1]] = value;
  return copy;
}

interface Target {
  t: TestApp;
  route: RegisteredRoute;
  tables: string[];
}

/** Sends one case; returns what is wrong with the answer, or null. */
async function check({ t, route, tables }: Target, c: Case): Promise<string | null> {
  const path = fillUrl(route.url, c.params);
  let url = (path.startsWith('/') ? path : `/${path}`) + queryString(c.query);
  // App proxy routes: signed as the platform signs them (the generated query included), so the input reaches the handler.
  if (url.startsWith('/api/proxy'))
    url = `${url.split('?')[0]}?${signAppProxyQuery({ ...c.query, ...proxyParams() }, t.config.apiSecret)}`;
  const headers: Record<string, string> = {};
  if (url.startsWith('/admin/api/')) headers.authorization = `Bearer ${await t.tokenFor(DEMO)}`;
  if (c.body) headers['content-type'] = c.body.contentType;
  if (c.origin) headers.origin = c.origin;
  const write = WRITE_METHODS.has(route.method);
  const before = write ? await snapshot(t.db, tables) : null;
  const res = await t.app.inject({ method: route.method as 'GET', url, headers, payload: c.body?.text });
  const answer = `${route.method} ${url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (process.env.FUZZ_DEBUG) statuses.push(`${route.method} ${route.url} ${res.statusCode}`);
  if (res.statusCode >= 500) return `server error: ${answer}`;
  if (res.statusCode >= 400 && route.method !== 'HEAD') {
    let message: unknown;
    try {
      message = (res.json() as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || !message.trim()) return `error without a message: ${answer}`;
    if (/is not a function|Cannot read propert|is not defined|Unexpected token/.test(message))
      return `a crash passed off as a client error: ${answer}`;
  }
  if (before && res.statusCode >= 400) {
    const changed = changedTables(before, await snapshot(t.db, tables));
    if (changed.length) return `rejected write changed ${changed.join(', ')}: ${answer}`;
  }
  return null;
}

describe('every route under generated input', () => {
  let standalone: TestApp;
  let shopify: TestApp;
  let targets: Target[];

  beforeAll(async () => {
    const a = await collectRoutes(() =>
      createTestApp({
        seed: true,
        deps: { gallery: { workers: false, streamTimeoutMs: 300, heartbeatMs: 100, pollMs: 50 } },
      }),
    );
    standalone = a.result;
    const b = await collectRoutes(() =>
      createTestApp({
        env: {
          APP_MODE: 'shopify',
          SHOPIFY_API_KEY: 'fuzz-key',
          SHOPIFY_API_SECRET: 'fuzz-secret',
          SHOPIFY_ADMIN_API_BASE_URL: 'http://127.0.0.1:9',
        },
        deps: { gallery: { workers: false } },
      }),
    );
    shopify = b.result;
    const own = (routes: RegisteredRoute[]) => {
      // Fastify adds HEAD for every GET: the same handler, driven once as GET.
      const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
      return routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url)));
    };
    const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
    const standaloneKeys = new Set(a.routes.map(key));
    const [standaloneTables, shopifyTables] = [await dataTables(standalone.db), await dataTables(shopify.db)];
    targets = [
      ...own(a.routes).map((route) => ({ t: standalone, route, tables: standaloneTables })),
      // Routes only the shopify mode has (OAuth…); shared routes are driven once, in standalone mode.
      ...own(b.routes)
        .filter((r) => !standaloneKeys.has(key(r)))
        .map((route) => ({ t: shopify, route, tables: shopifyTables })),
    ];
  }, 120_000);

  afterAll(async () => {
    await standalone?.close();
    await shopify?.close();
  });

  it('finds the routes of every feature, in both modes', () => {
    const keys = targets.map((x) => `${x.route.method} ${x.route.url}`);
    for (const expected of [
      'GET /admin/api/v1/productLooks/:id',
      'DELETE /admin/api/v1/productLookCollections/:id',
      'POST /admin/api/v1/credits/verify/:packageId/:chargeId',
      'POST /api/storefront/add-to-cart',
      'GET /charges/:id/confirm',
      'GET /api/auth/callback',
      'GET /admin/api/v1/analytics/funnel',
      'PATCH /admin/api/v1/experiments/:id',
      'POST /api/storefront/events',
      'POST /api/proxy/events',
      'POST /api/webhooks',
    ]) {
      expect(keys).toContain(expected);
    }
  });

  it('declares the path parameters of every route with any (a schema at the route)', () => {
    const undeclared = targets
      .map((x) => x.route)
      .filter(
        (r) => paramNames(r.url).some((n) => n !== '*') && !(r.schema as { params?: unknown } | undefined)?.params,
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('never answers 5xx, explains every error, and a rejected write changes no row', async () => {
    const failures: string[] = [];
    for (const target of targets) {
      try {
        await fc.assert(
          fc.asyncProperty(caseArb(target.route), async (c) => {
            const problem = await check(target, c);
            if (problem) throw new Error(problem);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: !SHRINK, examples: edgeCases(target.route).map((c) => [c]) },
        );
      } catch (error) {
        // fast-check keeps the property's own error as the cause; its message says what went wrong.
        const cause = (error as Error & { cause?: Error }).cause;
        const counterexample =
          String((error as Error).message)
            .split('\n')
            .find((l) => l.startsWith('Counterexample')) ?? '';
        failures.push(
          `${target.route.method} ${target.route.url}: ${cause?.message ?? (error as Error).message} (${counterexample.slice(0, 400)})`,
        );
      }
    }
    if (process.env.FUZZ_DEBUG) {
      const counts: Record<string, number> = {};
      for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
      console.log(
        Object.entries(counts)
          .map(([k, n]) => `${k} ×${n}`)
          .join('\n'),
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
