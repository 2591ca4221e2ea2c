import { removeCatalogProductsExcept, upsertCatalogProducts, type CatalogProductInput } from '../services/shop/catalog';
import { invalidateLooksList } from '../services/looks/looks';
import { AdminApiError, throttleWaitMs, type AdminApi, type QueryCost } from './adminApi';
import type { PlatformContext, ShopRef } from './context';
import type { PlatformLifecycle } from './lifecycle';

/**
 * The shop's own products, from the Admin GraphQL API into catalog_products (APP_MODE=shopify).
 * A full sync runs in the background after the token exchange: the shop's details and product
 * count first, then pages of products (progress in catalog_syncs, so the merchant sees "1,200 of
 * 5,000"), pacing itself by extensions.cost.throttleStatus; products the platform no longer has are
 * removed at the end. products/update and products/delete webhooks keep it current afterwards.
 *
 * Page size: `first: 250` with variants and images requests more than the 1,000-point cap of a
 * single query (a connection costs 2 + first × its node's cost), so a page holds PAGE_SIZE products
 * (≈ 962 points); a MAX_COST_EXCEEDED answer halves it. Very large catalogs would be faster with a
 * bulk operation (bulkOperationRunQuery → JSONL); not done here.
 */
export const PAGE_SIZE = 80;

export const SHOP_INFO_QUERY = `query CatalogShopInfo {
  shop { email currencyCode ianaTimezone }
  productsCount(limit: null) { count }
}`;

export const PRODUCTS_QUERY = `query CatalogProducts($first: Int!, $after: String) {
  products(first: $first, after: $after, sortKey: ID) {
    nodes {
      id
      handle
      title
      status
      productType
      variants(first: 1) { nodes { id price compareAtPrice } }
      media(first: 2) { nodes { preview { image { url } } } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface ProductNode {
  id: string;
  handle: string;
  title: string;
  status: string;
  productType: string | null;
  variants: { nodes: Array<{ id?: string | null; price: string | null; compareAtPrice: string | null }> };
  media: { nodes: Array<{ preview?: { image?: { url?: string | null } | null } | null }> };
}

interface ProductsPage {
  products: { nodes: ProductNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

/** ACTIVE / UNLISTED (reachable by link) → active; DRAFT → draft; ARCHIVED → archived. */
export function catalogStatus(status: string): CatalogProductInput['status'] {
  if (status === 'ARCHIVED') return 'archived';
  if (status === 'DRAFT') return 'draft';
  return 'active';
}

export function toCatalogProduct(node: ProductNode): CatalogProductInput {
  const variant = node.variants?.nodes?.[0];
  const price = Number(variant?.price ?? 0);
  const compareAt = variant?.compareAtPrice == null ? null : Number(variant.compareAtPrice);
  return {
    gid: node.id,
    handle: node.handle,
    title: node.title,
    status: catalogStatus(node.status),
    price: Number.isFinite(price) ? price : 0,
    compareAtPrice: compareAt !== null && Number.isFinite(compareAt) && compareAt > 0 ? compareAt : null,
    images: (node.media?.nodes ?? []).map((m) => m.preview?.image?.url).filter((u): u is string => !!u),
    productType: node.productType ?? '',
    defaultVariantGid: variant?.id ?? null,
  };
}

export interface CatalogSync {
  /** Starts a full sync of the shop unless one is running; resolves when it ends (never rejects). */
  start(shop: ShopRef): Promise<void>;
  /** The running sync of the shop, if any (tests, shutdown). */
  running(shopId: number): Promise<void> | undefined;
  /** Stops between pages and waits for running syncs (app close). */
  stop(): Promise<void>;
}

export function createCatalogSync(ctx: PlatformContext, admin: AdminApi, lifecycle?: Pick<PlatformLifecycle, 'catalogSynced'>): CatalogSync {
  const { db } = ctx;
  const runs = new Map<number, Promise<void>>();
  let stopped = false;

  const progress = (shopId: number, values: { status?: 'running' | 'done' | 'failed'; synced?: number; total?: number | null; error?: string | null; finishedAt?: Date | null }) =>
    db.updateTable('catalogSyncs').set({ ...values, updatedAt: ctx.now() }).where('shopId', '=', shopId).execute();

  async function run(shop: ShopRef) {
    const now = ctx.now();
    const fresh = { status: 'running' as const, synced: 0, total: null, error: null, startedAt: now, finishedAt: null, updatedAt: now };
    await db
      .insertInto('catalogSyncs')
      .values({ shopId: shop.id, ...fresh })
      .onConflict((oc) => oc.column('shopId').doUpdateSet(fresh))
      .execute();
    try {
      const info = await admin.graphql<{ shop: { email: string; currencyCode: string; ianaTimezone: string }; productsCount: { count: number } | null }>(shop, SHOP_INFO_QUERY);
      await db
        .updateTable('shops')
        .set({ email: info.shop.email, currency: info.shop.currencyCode, timezone: info.shop.ianaTimezone })
        .where('id', '=', shop.id)
        .execute();
      await progress(shop.id, { total: info.productsCount?.count ?? null });

      const seen: string[] = [];
      let first = PAGE_SIZE;
      let after: string | null = null;
      for (;;) {
        if (stopped) return;
        let page: { data: ProductsPage; cost?: QueryCost };
        try {
          page = await admin.request<ProductsPage>(shop, PRODUCTS_QUERY, { first, after });
        } catch (error) {
          if (error instanceof AdminApiError && error.graphqlCodes.includes('MAX_COST_EXCEEDED') && first > 1) {
            first = Math.ceil(first / 2);
            continue;
          }
          throw error;
        }
        const products = page.data.products.nodes.map(toCatalogProduct);
        await upsertCatalogProducts(db, shop.id, products);
        await invalidateLooksList(db, shop.id);
        seen.push(...products.map((p) => p.gid));
        await progress(shop.id, { synced: seen.length });
        const { hasNextPage, endCursor } = page.data.products.pageInfo;
        if (!hasNextPage || !endCursor) break;
        after = endCursor;
        // Pace by the bucket: wait until the next page's cost is available instead of being THROTTLED.
        const cost = page.cost;
        if (cost && cost.throttleStatus.currentlyAvailable < cost.requestedQueryCost) await ctx.sleep(throttleWaitMs(cost));
      }
      // Gone from the platform: removed and remembered as deleted (looks showing them are marked).
      const gone = await removeCatalogProductsExcept(db, shop.id, seen);
      if (gone.length) {
        await db
          .insertInto('deletedProducts')
          .values(gone.map((gid) => ({ shopId: shop.id, gid })))
          .onConflict((oc) => oc.doNothing())
          .execute();
        await invalidateLooksList(db, shop.id);
      }
      await progress(shop.id, { status: 'done', synced: seen.length, total: seen.length, finishedAt: ctx.now() });
      lifecycle?.catalogSynced(shop, { synced: seen.length, mode: 'paged' });
    } catch (error) {
      const detail = error instanceof AdminApiError ? `${error.message}${error.detail ? `: ${error.detail}` : ''}` : String((error as Error)?.message ?? error);
      ctx.log('warn', `catalog sync of ${shop.domain} failed: ${detail}`);
      await progress(shop.id, { status: 'failed', error: detail.slice(0, 500), finishedAt: ctx.now() }).catch(() => undefined);
    }
  }

  return {
    start(shop) {
      let pending = runs.get(shop.id);
      if (!pending) {
        pending = run(shop).finally(() => runs.delete(shop.id));
        runs.set(shop.id, pending);
      }
      return pending;
    },
    running: (shopId) => runs.get(shopId),
    async stop() {
      stopped = true;
      await Promise.allSettled([...runs.values()]);
    },
  };
}
