import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import type { FakeAdminModule } from './fakeAdmin/module';
import { FAKE_ADMIN_MODULES } from './fakeAdmin/modules';
import { fakeVariantId } from './fakeAdmin/variants';

/**
 * A local stand-in of the platform's Admin API for tests: a real HTTP server on 127.0.0.1 speaking
 * the real protocol, meant for SHOPIFY_ADMIN_API_BASE_URL.
 *
 * POST /admin/oauth/access_token
 *   - token exchange (grant_type urn:ietf:params:oauth:grant-type:token-exchange): the id_token is
 *     verified like the platform does (HS256 with the app secret, aud = client id, dest = the shop);
 *     `expiring=1` answers an expiring offline token with a refresh token;
 *   - refresh_token grant: rotates the pair — the old refresh token and access token stop working;
 *   - authorization code grant for codes issued with `authorizationCode(shop)`.
 *   One live pair per app and shop: issuing a pair revokes the shop's previous one.
 * POST /admin/api/{version}/graphql.json (X-Shopify-Access-Token; 401 for an unknown, revoked or
 *   expired token) answering the app's queries — shop details and product count, products
 *   pagination, billing mutations and charge status, automatic app discounts (create, update,
 *   delete with userErrors) — with extensions.cost.throttleStatus from a leaky bucket per shop
 *   (THROTTLED when the bucket is short; MAX_COST_EXCEEDED above 1,000).
 */

export interface FakeProduct {
  id: string;
  handle: string;
  title: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED' | 'UNLISTED';
  productType: string;
  price: string;
  compareAtPrice: string | null;
  images: string[];
  /** The first variant's gid (default: derived from the product id). */
  variantId?: string;
  /** When the merchant last changed it (ISO); unset: long ago. */
  updatedAt?: string;
  /** Every variant unavailable for sale (`ProductVariant.availableForSale` false); unset: all available. */
  soldOut?: boolean;
  /** How many variants it has (default 1): the first one has the product's price, the others its price + 5. */
  variantCount?: number;
}

export { fakeVariantId };

export interface FakeAdminOptions {
  apiKey: string;
  apiSecret: string;
  /** Lifetime of issued access tokens (the platform: 3600 s). */
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** Leaky bucket of the cost-based rate limit. */
  maximumAvailable?: number;
  restoreRate?: number;
  /** Delay of the token endpoint's answers (widens race windows in concurrency tests). */
  tokenDelayMs?: number;
}

interface Grant {
  shop: string;
  expiresAt: number | null;
}

interface Charge {
  id: string;
  shop: string;
  kind: 'AppSubscription' | 'AppPurchaseOneTime';
  status: string;
  variables: Record<string, unknown>;
}

export const MAX_QUERY_COST = 1000;
/** The platform's limit of active automatic discounts per store. */
export const MAX_AUTOMATIC_DISCOUNTS = 25;

/** An automatic app discount as the stand-in keeps it (metafields by `namespace.key`). */
export interface FakeDiscount {
  id: string;
  shop: string;
  title: string;
  functionHandle: string;
  discountClasses: string[];
  combinesWith: Record<string, boolean>;
  startsAt: string;
  metafields: Record<string, { type: string; value: string }>;
}

interface DiscountUserError {
  field: string[] | null;
  message: string;
  code: string;
}

const LONG_AGO = '2020-01-01T00:00:00.000Z';

/**
 * The products a `products(query:, sortKey:)` answers: the search `updated_at:>'…'` (the only one
 * the app sends) filters, sortKey UPDATED_AT orders by the last change (ID: as listed).
 */
function productsMatching(all: FakeProduct[], variables: Record<string, unknown>): FakeProduct[] {
  let list = all;
  const since = /updated_at:>'([^']+)'/.exec(String(variables.query ?? ''))?.[1];
  if (since) list = list.filter((p) => Date.parse(p.updatedAt ?? LONG_AGO) > Date.parse(since));
  if (variables.sortKey === 'UPDATED_AT')
    list = [...list].sort((a, b) => Date.parse(a.updatedAt ?? LONG_AGO) - Date.parse(b.updatedAt ?? LONG_AGO));
  return list;
}

/** A product's `variants(first:)` connection as the Admin API answers it (availableForSale per variant, pageInfo). */
function fakeVariants(p: FakeProduct, first: number) {
  const count = Math.max(1, p.variantCount ?? 1);
  const nodes = Array.from({ length: Math.min(first, count) }, (_, i) => ({
    id: i === 0 ? fakeVariantId(p) : `${fakeVariantId(p)}${i + 1}`,
    price: i === 0 ? p.price : (Number(p.price) + 5).toFixed(2),
    compareAtPrice: i === 0 ? p.compareAtPrice : null,
    availableForSale: !p.soldOut,
  }));
  return { nodes, pageInfo: { hasNextPage: count > first } };
}

export function makeFakeProducts(count: number, prefix = 'Product'): FakeProduct[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return {
      id: `gid://shopify/Product/${7000000 + n}`,
      handle: `${prefix.toLowerCase()}-${n}`,
      title: `${prefix} ${n}`,
      status: n % 10 === 0 ? 'DRAFT' : 'ACTIVE',
      productType: n % 2 ? 'Shirts' : 'Shoes',
      price: (10 + n).toFixed(2),
      compareAtPrice: n % 3 === 0 ? (20 + n).toFixed(2) : null,
      images: [
        `https://cdn.example.com/${prefix.toLowerCase()}-${n}-a.jpg`,
        `https://cdn.example.com/${prefix.toLowerCase()}-${n}-b.jpg`,
      ],
    };
  });
}

export class FakeShopifyAdmin {
  readonly url: string;
  /** Every token endpoint call and GraphQL request, in order. */
  readonly exchanges: Array<{ shop: string; expiring: boolean }> = [];
  readonly refreshes: Array<{ shop: string; ok: boolean; status?: number }> = [];
  readonly codeGrants: Array<{ shop: string }> = [];
  readonly graphql: Array<{
    shop: string;
    query: string;
    variables: Record<string, unknown>;
    status: number;
    throttled?: boolean;
    at: number;
    /** The bucket this answer reported (extensions.cost). */ reported?: { requested: number; available: number };
  }> = [];

  private readonly accessTokens = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();
  private readonly codes = new Map<string, string>();
  private readonly products = new Map<string, FakeProduct[]>();
  private readonly shopInfo = new Map<
    string,
    {
      email: string;
      currencyCode: string;
      ianaTimezone: string;
      plan: { displayName: string; partnerDevelopment: boolean; shopifyPlus: boolean };
    }
  >();
  private readonly buckets = new Map<string, { available: number; at: number }>();
  private readonly charges = new Map<string, Charge>();
  private readonly refusedShops = new Set<string>();
  private nextChargeId = 900;
  private rejectNextCharge: string | null = null;
  private forcedThrottles = new Map<string, number>();
  private readonly discountsById = new Map<string, FakeDiscount>();
  private nextDiscountId = 1000;
  private rejectNextDiscount: string | null = null;
  /** Function handles deployed with the app (a create naming another one fails). */
  readonly functionHandles = new Set(['look-bundle']);

  private constructor(
    private readonly app: FastifyInstance,
    url: string,
    readonly options: Required<FakeAdminOptions>,
    /** The modules of server/test/fakeAdmin/ (metafields, themes, bulk operations …) by name. */
    private readonly modules: Map<string, FakeAdminModule>,
  ) {
    this.url = url;
  }

  /** A module's own test controls, e.g. `admin.module<FakeMetafields>('metafields')`. */
  module<T extends FakeAdminModule>(name: string): T {
    const found = this.modules.get(name);
    if (!found) throw new Error(`The stand-in has no module "${name}"`);
    return found as T;
  }

  static async start(options: FakeAdminOptions): Promise<FakeShopifyAdmin> {
    const app = Fastify({ logger: false });
    const full: Required<FakeAdminOptions> = {
      accessTokenTtlSeconds: 3600,
      refreshTokenTtlSeconds: 90 * 24 * 3600,
      maximumAvailable: 2000,
      restoreRate: 100,
      tokenDelayMs: 0,
      ...options,
    };
    let fake!: FakeShopifyAdmin;
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.post('/admin/oauth/access_token', async (req, reply) =>
      fake.tokenEndpoint(req.body as Record<string, string>, reply),
    );
    app.post('/admin/api/:version/graphql.json', async (req, reply) =>
      fake.graphqlEndpoint(
        String(req.headers['x-shopify-access-token'] ?? ''),
        req.body as { query?: string; variables?: Record<string, unknown> },
        reply,
      ),
    );
    // Modules exist before listening (their routes must be registered first); the URL comes after.
    let url = '';
    const modules = new Map<string, FakeAdminModule>();
    for (const [name, factory] of Object.entries(FAKE_ADMIN_MODULES)) {
      const module = factory({
        get url() {
          return url;
        },
        productsOf: (shop) => fake.products.get(shop) ?? [],
      });
      module.routes?.(app);
      modules.set(name, module);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    url = `http://127.0.0.1:${port}`;
    fake = new FakeShopifyAdmin(app, url, full, modules);
    return fake;
  }

  close(): Promise<void> {
    return this.app.close();
  }

  // ---------- test controls ----------

  setProducts(shop: string, products: FakeProduct[]): void {
    this.products.set(shop, products);
  }

  /** The merchant edits a product in the admin: its fields change and its updatedAt is now. */
  updateProduct(shop: string, id: string, changes: Partial<Omit<FakeProduct, 'id'>>): void {
    const list = this.products.get(shop) ?? [];
    const index = list.findIndex((p) => p.id === id);
    if (index < 0) throw new Error(`The stand-in has no product ${id} in ${shop}`);
    list[index] = { ...list[index], ...changes, updatedAt: new Date().toISOString() };
  }

  setShop(shop: string, info: Partial<{ email: string; currencyCode: string; ianaTimezone: string }>): void {
    this.shopInfo.set(shop, { ...this.infoOf(shop), ...info });
  }

  /** A code for the authorization code grant of the shop. */
  authorizationCode(shop: string): string {
    const code = randomBytes(8).toString('hex');
    this.codes.set(code, shop);
    return code;
  }

  /** The merchant uninstalled: every token of the shop stops working, exchanges are refused. */
  uninstall(shop: string): void {
    this.revoke(shop);
    this.refusedShops.add(shop);
    // The platform cancels the app's subscriptions with the install; one-time purchases stay the shop's.
    for (const charge of this.charges.values()) {
      if (charge.shop === shop && charge.kind === 'AppSubscription' && charge.status === 'ACTIVE')
        charge.status = 'CANCELLED';
    }
  }

  /** Every token of the shop stops working (revoked on the platform's side), while the install stays: exchanges still work. */
  revokeTokens(shop: string): void {
    this.revoke(shop);
  }

  /**
   * The next `count` refresh_token grants answer `status` (429 with Retry-After, or a 5xx) without
   * touching the pair, as a busy or failing token endpoint does.
   */
  failNextRefreshes(count: number, status: number, retryAfterSeconds = 1): void {
    this.refreshFailures = { count, status, retryAfterSeconds };
  }
  private refreshFailures = { count: 0, status: 429, retryAfterSeconds: 1 };

  reinstall(shop: string): void {
    this.refusedShops.delete(shop);
  }

  /** Every access token of the shop answers 401 from now on (refresh tokens keep working). */
  expireAccessTokens(shop: string): void {
    for (const [token, grant] of this.accessTokens) if (grant.shop === shop) this.accessTokens.delete(token);
  }

  /** Empties the shop's bucket, so the next query is THROTTLED (unless it refilled meanwhile). */
  drainBucket(shop: string): void {
    this.buckets.set(shop, { available: 0, at: Date.now() });
  }

  /** THROTTLED mode: the shop's next `count` queries matching `pattern` find its bucket empty. */
  throttleNext(shop: string, count: number, pattern = /\bproducts\s*\(/): void {
    this.forcedThrottles.set(shop, count);
    this.throttlePattern = pattern;
  }
  private throttlePattern = /\bproducts\s*\(/;

  setChargeStatus(id: string, status: string): void {
    const charge = [...this.charges.values()].find((c) => c.id.endsWith(`/${id}`));
    if (charge) charge.status = status;
  }

  rejectNextChargeWith(message: string): void {
    this.rejectNextCharge = message;
  }

  /** The shop's automatic app discounts, oldest first. */
  discounts(shop: string): FakeDiscount[] {
    return [...this.discountsById.values()].filter((d) => d.shop === shop);
  }

  /** The merchant deletes a discount in the admin. */
  deleteDiscount(id: string): void {
    this.discountsById.delete(id);
  }

  /** The next discount mutation answers with this userError. */
  rejectNextDiscountWith(message: string): void {
    this.rejectNextDiscount = message;
  }

  /** The shop's charges, oldest first. */
  chargesOf(shop: string): Charge[] {
    return [...this.charges.values()].filter((c) => c.shop === shop);
  }

  lastCharge(): Charge | undefined {
    return [...this.charges.values()].at(-1);
  }

  /** Live (unrevoked) access tokens, by shop — the platform keeps one pair per app and shop. */
  liveAccessTokens(shop: string): string[] {
    return [...this.accessTokens]
      .filter(([, g]) => g.shop === shop && (g.expiresAt === null || g.expiresAt > Date.now()))
      .map(([t]) => t);
  }

  // ---------- token endpoint ----------

  private async tokenEndpoint(body: Record<string, string>, reply: import('fastify').FastifyReply) {
    if (this.options.tokenDelayMs) await new Promise((r) => setTimeout(r, this.options.tokenDelayMs));
    if (!body || body.client_id !== this.options.apiKey || body.client_secret !== this.options.apiSecret) {
      return reply.status(401).send({ error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    if (body.grant_type === 'urn:ietf:params:oauth:grant-type:token-exchange') {
      if (body.subject_token_type !== 'urn:ietf:params:oauth:token-type:id_token')
        return this.invalid(reply, 'invalid_request');
      if (body.requested_token_type !== 'urn:shopify:params:oauth:token-type:offline-access-token')
        return this.invalid(reply, 'invalid_request');
      let shop: string;
      try {
        const { payload } = await jwtVerify(
          body.subject_token ?? '',
          new TextEncoder().encode(this.options.apiSecret),
          {
            algorithms: ['HS256'],
            audience: this.options.apiKey,
            clockTolerance: 5,
          },
        );
        shop = new URL(String(payload.dest)).hostname;
      } catch {
        return this.invalid(reply, 'invalid_subject_token');
      }
      if (this.refusedShops.has(shop)) return this.invalid(reply, 'invalid_subject_token');
      const expiring = body.expiring === '1';
      this.exchanges.push({ shop, expiring });
      return this.issue(shop, expiring, reply);
    }
    if (body.grant_type === 'refresh_token') {
      if (this.refreshFailures.count > 0) {
        this.refreshFailures.count -= 1;
        const { status, retryAfterSeconds } = this.refreshFailures;
        const grant = this.refreshTokens.get(body.refresh_token ?? '');
        this.refreshes.push({ shop: grant?.shop ?? '', ok: false, status });
        if (status === 429) reply.header('Retry-After', String(retryAfterSeconds));
        return reply
          .status(status)
          .send({ errors: status === 429 ? 'Exceeded the rate limit' : 'Internal Server Error' });
      }
      const grant = this.refreshTokens.get(body.refresh_token ?? '');
      const ok = !!grant && (grant.expiresAt === null || grant.expiresAt > Date.now());
      this.refreshes.push({ shop: grant?.shop ?? '', ok });
      if (!grant || !ok) return this.invalid(reply, 'invalid_grant');
      return this.issue(grant.shop, true, reply);
    }
    if (body.code) {
      const shop = this.codes.get(body.code);
      if (!shop) return this.invalid(reply, 'invalid_grant');
      this.codes.delete(body.code);
      this.codeGrants.push({ shop });
      return this.issue(shop, body.expiring === '1', reply);
    }
    return this.invalid(reply, 'unsupported_grant_type');
  }

  private invalid(reply: import('fastify').FastifyReply, error: string) {
    return reply.status(400).send({ error, error_description: `The request was refused: ${error}` });
  }

  private revoke(shop: string) {
    for (const map of [this.accessTokens, this.refreshTokens]) {
      for (const [token, grant] of map) if (grant.shop === shop) map.delete(token);
    }
  }

  private issue(shop: string, expiring: boolean, reply: import('fastify').FastifyReply) {
    this.revoke(shop);
    const accessToken = `shpat_${randomBytes(16).toString('hex')}`;
    const now = Date.now();
    const scope = 'read_products,write_products,read_orders,write_discounts,read_themes,write_app_proxy';
    if (!expiring) {
      this.accessTokens.set(accessToken, { shop, expiresAt: null });
      return reply.send({ access_token: accessToken, scope });
    }
    const refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
    const { accessTokenTtlSeconds: ttl, refreshTokenTtlSeconds: refreshTtl } = this.options;
    this.accessTokens.set(accessToken, { shop, expiresAt: now + ttl * 1000 });
    this.refreshTokens.set(refreshToken, { shop, expiresAt: now + refreshTtl * 1000 });
    return reply.send({
      access_token: accessToken,
      scope,
      expires_in: ttl,
      refresh_token: refreshToken,
      refresh_token_expires_in: refreshTtl,
    });
  }

  // ---------- GraphQL ----------

  private infoOf(shop: string) {
    return (
      this.shopInfo.get(shop) ?? {
        email: `owner@${shop}`,
        currencyCode: 'EUR',
        ianaTimezone: 'Europe/Berlin',
        plan: { displayName: 'Development', partnerDevelopment: true, shopifyPlus: false },
      }
    );
  }

  private bucket(shop: string) {
    const { maximumAvailable, restoreRate } = this.options;
    const now = Date.now();
    const b = this.buckets.get(shop) ?? { available: maximumAvailable, at: now };
    b.available = Math.min(maximumAvailable, b.available + ((now - b.at) / 1000) * restoreRate);
    b.at = now;
    this.buckets.set(shop, b);
    return b;
  }

  private cost(shop: string, requested: number, actual: number | null) {
    const b = this.bucket(shop);
    return {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: {
        maximumAvailable: this.options.maximumAvailable,
        currentlyAvailable: Math.floor(b.available),
        restoreRate: this.options.restoreRate,
      },
    };
  }

  private async graphqlEndpoint(
    token: string,
    body: { query?: string; variables?: Record<string, unknown> },
    reply: import('fastify').FastifyReply,
  ) {
    const grant = this.accessTokens.get(token);
    const query = String(body?.query ?? '');
    const variables = body?.variables ?? {};
    if (!grant || (grant.expiresAt !== null && grant.expiresAt <= Date.now())) {
      this.graphql.push({ shop: grant?.shop ?? '', query, variables, status: 401, at: Date.now() });
      return reply
        .status(401)
        .send({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
    const shop = grant.shop;
    const { requested, answer } = this.resolve(shop, query, variables);
    if (requested > MAX_QUERY_COST) {
      this.graphql.push({ shop, query, variables, status: 200, at: Date.now() });
      return reply.send({
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST },
          },
        ],
        extensions: { cost: this.cost(shop, requested, null) },
      });
    }
    const b = this.bucket(shop);
    const forced = this.forcedThrottles.get(shop) ?? 0;
    if (forced > 0 && this.throttlePattern.test(query)) {
      this.forcedThrottles.set(shop, forced - 1);
      b.available = 0;
    }
    if (b.available < requested) {
      this.graphql.push({
        shop,
        query,
        variables,
        status: 200,
        throttled: true,
        at: Date.now(),
        reported: { requested, available: Math.floor(b.available) },
      });
      return reply.send({
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: { cost: this.cost(shop, requested, null) },
      });
    }
    const { data, actual } = answer();
    b.available -= actual;
    this.graphql.push({
      shop,
      query,
      variables,
      status: 200,
      at: Date.now(),
      reported: { requested, available: Math.floor(b.available) },
    });
    if ('errors' in data) return reply.send({ ...data, extensions: { cost: this.cost(shop, requested, actual) } });
    return reply.send({ data, extensions: { cost: this.cost(shop, requested, actual) } });
  }

  /** The requested cost of a query and how to answer it (objects 1, connections 2 + first × node). */
  private resolve(
    shop: string,
    query: string,
    variables: Record<string, unknown>,
  ): { requested: number; answer: () => { data: Record<string, unknown>; actual: number } } {
    for (const module of this.modules.values()) {
      const resolution = module.resolve?.(shop, query, variables);
      if (resolution) return resolution;
    }
    if (/\bproducts\s*\(/.test(query)) {
      const first = Math.max(1, Math.min(250, Number(variables.first ?? /first:\s*(\d+)/.exec(query)?.[1] ?? 50)));
      const variantsFirst = Math.max(1, Math.min(250, Number(/variants\s*\(\s*first:\s*(\d+)/.exec(query)?.[1] ?? 1)));
      const nodeCost = 1 + (/variants\s*\(/.test(query) ? 2 + variantsFirst : 0) + (/media\s*\(/.test(query) ? 8 : 0);
      return {
        requested: 2 + first * nodeCost,
        answer: () => {
          const all = productsMatching(this.products.get(shop) ?? [], variables);
          const start = variables.after ? Number(Buffer.from(String(variables.after), 'base64url').toString()) + 1 : 0;
          const page = all.slice(start, start + first);
          const last = start + page.length - 1;
          return {
            actual: 2 + page.length * nodeCost,
            data: {
              products: {
                nodes: page.map((p) => ({
                  id: p.id,
                  handle: p.handle,
                  title: p.title,
                  status: p.status,
                  productType: p.productType,
                  updatedAt: p.updatedAt ?? LONG_AGO,
                  variants: fakeVariants(p, variantsFirst),
                  media: { nodes: p.images.slice(0, 2).map((url) => ({ preview: { image: { url } } })) },
                })),
                pageInfo: {
                  hasNextPage: last < all.length - 1,
                  endCursor: page.length ? Buffer.from(String(last)).toString('base64url') : null,
                },
              },
            },
          };
        },
      };
    }
    if (/\bshop\s*\{/.test(query) || /productsCount/.test(query)) {
      return {
        requested: 3,
        answer: () => ({
          actual: 2,
          data: {
            shop: this.infoOf(shop),
            productsCount: { count: (this.products.get(shop) ?? []).length, precision: 'EXACT' },
          },
        }),
      };
    }
    const mutation = /\b(appSubscriptionCreate|appPurchaseOneTimeCreate|appSubscriptionCancel)\b/.exec(query)?.[1];
    if (mutation) {
      return { requested: 10, answer: () => ({ actual: 10, data: this.billing(shop, mutation, variables) }) };
    }
    const discountMutation = /\b(discountAutomaticAppCreate|discountAutomaticAppUpdate|discountAutomaticDelete)\b/.exec(
      query,
    )?.[1];
    if (discountMutation) {
      return { requested: 10, answer: () => ({ actual: 10, data: this.discount(shop, discountMutation, variables) }) };
    }
    if (/\bcurrentAppInstallation\s*\{/.test(query)) {
      return {
        requested: 5,
        answer: () => ({ actual: 3, data: { currentAppInstallation: this.installationBilling(shop) } }),
      };
    }
    if (/\bnode\s*\(/.test(query)) {
      const charge = this.charges.get(String(variables.id));
      return {
        requested: 1,
        answer: () => ({
          actual: 1,
          data: { node: charge && charge.shop === shop ? { id: charge.id, status: charge.status } : null },
        }),
      };
    }
    return {
      requested: 1,
      answer: () => ({
        actual: 0,
        data: { errors: [{ message: `The stand-in does not know this query: ${query.slice(0, 80)}` }] },
      }),
    };
  }

  /**
   * `currentAppInstallation { activeSubscriptions { id name status test } oneTimePurchases(first:) { nodes { id name status test } } }`
   * as the platform answers it: the active subscriptions (a list), every one-time purchase (a connection).
   */
  private installationBilling(shop: string) {
    const mine = [...this.charges.values()].filter((c) => c.shop === shop);
    const view = (c: Charge) => ({
      id: c.id,
      name: String(c.variables.name ?? ''),
      status: c.status,
      test: c.variables.test === true,
    });
    return {
      activeSubscriptions: mine.filter((c) => c.kind === 'AppSubscription' && c.status === 'ACTIVE').map(view),
      oneTimePurchases: {
        nodes: mine
          .filter((c) => c.kind === 'AppPurchaseOneTime')
          .reverse()
          .map(view),
        pageInfo: { hasNextPage: false, endCursor: null },
      },
    };
  }

  /** discountAutomaticAppCreate / discountAutomaticAppUpdate / discountAutomaticDelete with the platform's userErrors. */
  private discount(shop: string, mutation: string, variables: Record<string, unknown>): Record<string, unknown> {
    const errors: DiscountUserError[] = [];
    const error = (field: string[] | null, message: string, code = 'INVALID') => errors.push({ field, message, code });
    if (this.rejectNextDiscount) {
      error(null, this.rejectNextDiscount);
      this.rejectNextDiscount = null;
    }
    const existing = variables.id !== undefined ? this.discountsById.get(String(variables.id)) : undefined;
    const found = existing && existing.shop === shop ? existing : undefined;
    if (mutation === 'discountAutomaticDelete') {
      if (!found) error(['id'], 'Discount does not exist');
      if (errors.length) return { discountAutomaticDelete: { deletedAutomaticDiscountId: null, userErrors: errors } };
      this.discountsById.delete(found!.id);
      return { discountAutomaticDelete: { deletedAutomaticDiscountId: found!.id, userErrors: [] } };
    }
    const input = (variables.automaticAppDiscount ?? {}) as Partial<{
      title: string;
      functionHandle: string;
      functionId: string;
      discountClasses: string[];
      combinesWith: Record<string, boolean>;
      startsAt: string;
      metafields: Array<{ namespace?: string; key?: string; type?: string; value?: string }>;
    }>;
    const metafields: FakeDiscount['metafields'] = {};
    (input.metafields ?? []).forEach((m, i) => {
      if (!m.namespace || !m.key || !m.type)
        return error(['automaticAppDiscount', 'metafields', String(i)], 'Namespace, key and type are required');
      if (m.type === 'json') {
        try {
          JSON.parse(String(m.value));
        } catch {
          return error(['automaticAppDiscount', 'metafields', String(i), 'value'], 'Value is invalid JSON');
        }
      }
      metafields[`${m.namespace}.${m.key}`] = { type: m.type, value: String(m.value) };
    });
    const key = mutation === 'discountAutomaticAppCreate' ? 'discountAutomaticAppCreate' : 'discountAutomaticAppUpdate';
    if (mutation === 'discountAutomaticAppCreate') {
      if (!input.title) error(['automaticAppDiscount', 'title'], "Title can't be blank");
      if (!input.startsAt || Number.isNaN(Date.parse(input.startsAt)))
        error(['automaticAppDiscount', 'startsAt'], 'Starts at is invalid');
      if (!input.functionHandle || !this.functionHandles.has(input.functionHandle))
        error(['automaticAppDiscount', 'functionHandle'], 'Function not found');
      if (!input.discountClasses?.length)
        error(['automaticAppDiscount', 'discountClasses'], 'Discount classes must be provided');
      if (this.discounts(shop).length >= MAX_AUTOMATIC_DISCOUNTS)
        error(
          null,
          `Shops can have at most ${MAX_AUTOMATIC_DISCOUNTS} active automatic discounts`,
          'MAX_APP_DISCOUNTS',
        );
      if (errors.length) return { [key]: { automaticAppDiscount: null, userErrors: errors } };
      const discount: FakeDiscount = {
        id: `gid://shopify/DiscountAutomaticNode/${this.nextDiscountId++}`,
        shop,
        title: input.title!,
        functionHandle: input.functionHandle!,
        discountClasses: input.discountClasses!,
        combinesWith: input.combinesWith ?? {},
        startsAt: input.startsAt!,
        metafields,
      };
      this.discountsById.set(discount.id, discount);
      return { [key]: { automaticAppDiscount: { discountId: discount.id, title: discount.title }, userErrors: [] } };
    }
    if (!found) error(['id'], 'Discount does not exist');
    if (errors.length) return { [key]: { automaticAppDiscount: null, userErrors: errors } };
    const discount = found!;
    if (input.title !== undefined) discount.title = input.title;
    if (input.discountClasses) discount.discountClasses = input.discountClasses;
    if (input.combinesWith) discount.combinesWith = input.combinesWith;
    Object.assign(discount.metafields, metafields);
    return { [key]: { automaticAppDiscount: { discountId: discount.id, title: discount.title }, userErrors: [] } };
  }

  private billing(shop: string, mutation: string, variables: Record<string, unknown>): Record<string, unknown> {
    const userErrors = this.rejectNextCharge ? [{ field: ['price'], message: this.rejectNextCharge }] : [];
    this.rejectNextCharge = null;
    if (mutation === 'appSubscriptionCancel') {
      const charge = this.charges.get(String(variables.id));
      if (charge && charge.shop === shop) charge.status = 'CANCELLED';
      return {
        appSubscriptionCancel: {
          appSubscription: charge ? { id: charge.id, status: charge.status } : null,
          userErrors: charge ? [] : [{ field: ['id'], message: 'Subscription not found' }],
        },
      };
    }
    const kind = mutation === 'appSubscriptionCreate' ? 'AppSubscription' : 'AppPurchaseOneTime';
    const key = mutation === 'appSubscriptionCreate' ? 'appSubscription' : 'appPurchaseOneTime';
    if (userErrors.length) return { [mutation]: { [key]: null, confirmationUrl: null, userErrors } };
    const n = String(this.nextChargeId++);
    const charge: Charge = { id: `gid://shopify/${kind}/${n}`, shop, kind, status: 'PENDING', variables };
    this.charges.set(charge.id, charge);
    return {
      [mutation]: {
        [key]: { id: charge.id, status: charge.status },
        confirmationUrl: `https://${shop}/admin/charges/${n}/confirm`,
        userErrors: [],
      },
    };
  }
}
