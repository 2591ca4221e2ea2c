import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { upsertCatalogProducts, type CatalogProductInput } from '../services/shop/catalog';
import { invalidateLooksList } from '../services/looks/looks';
import { AdminApiError, throttleWaitMs, type AdminApi, type QueryCost } from './adminApi';
import type { PlatformContext, ShopRef } from './context';

/**
 * The shop's products page by page from the Admin GraphQL API (the paginated `products` query),
 * each page written into the catalog (writeProductPages): the full sync of catalogs up to the bulk
 * threshold and the `updated_at` reconciliation (with a search query).
 *
 * Page size: `first: 250` with variants and images requests more than the 1,000-point cap of a
 * single query (a connection costs 2 + first × its node's cost), so a page holds PAGE_SIZE products
 * (each ≈ 1 + (2 + VARIANTS_READ) + (2 + 2) ≈ 27 points, ≈ 812 a page); a MAX_COST_EXCEEDED answer halves it. Between pages the reader waits until the
 * bucket (extensions.cost.throttleStatus) holds the next page's cost instead of being THROTTLED.
 */
export const PAGE_SIZE = 30;

/**
 * Variants read per product to know its stock: the product is sold out when every variant is
 * unavailable (`ProductVariant.availableForSale`; the Admin API has no product-level field). A product
 * with more variants whose first VARIANTS_READ are all unavailable counts as available (never sold out
 * on a guess); the reconciliation and products/update correct it.
 */
export const VARIANTS_READ = 20;

export const PRODUCTS_QUERY = `query CatalogProducts($first: Int!, $after: String, $query: String, $sortKey: ProductSortKeys) {
  products(first: $first, after: $after, query: $query, sortKey: $sortKey) {
    nodes {
      id
      handle
      title
      status
      productType
      updatedAt
      variants(first: ${VARIANTS_READ}) { nodes { id price compareAtPrice availableForSale } pageInfo { hasNextPage } }
      media(first: 2) { nodes { preview { image { url } } } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export interface ProductNode {
  id: string;
  handle: string;
  title: string;
  status: string;
  productType: string | null;
  /** When the merchant last changed it (ISO 8601); absent in older readers. */
  updatedAt?: string | null;
  variants: {
    nodes: Array<{
      id?: string | null;
      price: string | null;
      compareAtPrice: string | null;
      availableForSale?: boolean | null;
    }>;
    pageInfo?: { hasNextPage: boolean } | null;
  };
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
    platformUpdatedAt: platformTime(node.updatedAt),
    available: availableForSale(node.variants),
  };
}

/**
 * Whether the product is for sale: some variant read is available → true; every variant read is
 * unavailable and there are no more → false (sold out); no variants or no availability read → undefined
 * (the stored value stays).
 */
export function availableForSale(variants: ProductNode['variants'] | undefined): boolean | undefined {
  const nodes = variants?.nodes ?? [];
  const known = nodes.filter((v) => typeof v.availableForSale === 'boolean');
  if (!known.length || known.length < nodes.length) return undefined;
  if (known.some((v) => v.availableForSale)) return true;
  return variants?.pageInfo?.hasNextPage ? true : false;
}

/** A platform timestamp (ISO 8601) as a Date; null when absent or unreadable. */
export function platformTime(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

export interface PagedRead {
  /** A products search, e.g. `updated_at:>'2026-11-01T00:00:00Z'`. */
  query?: string;
  sortKey?: 'ID' | 'UPDATED_AT';
  /** Asked before each page: false stops the read (app closing). */
  proceed?: () => boolean;
  /** The cursor to read on from (a resumed sync's checkpoint); default: the first page. */
  after?: string | null;
}

export interface PagedWrite extends PagedRead {
  /** The products exist (again): their deleted marks go (the reconciliation; see upsertCatalogProducts). */
  revive?: boolean;
  /**
   * Runs a page's writes in one transaction: the full sync's guarded one (only while it is the
   * shop's current sync); default, a transaction of its own.
   */
  transaction?: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  /**
   * What the caller writes with the page, after its products in the same transaction (the sync's
   * marks and checkpoint, the reconciliation's change): only these rows again, or changes recorded.
   */
  withPage?: (trx: Transaction<Database>, products: CatalogProductInput[], endCursor: string | null) => Promise<void>;
}

/**
 * The paged read-and-write of the catalog: the shop's products page by page, each page's products
 * written (upsertCatalogProducts: stock changes, deleted marks if asked) with what the caller adds, in one
 * transaction; the looks list refreshed after each page that had products. Resolves whether it read
 * every page, and how many products it wrote.
 */
export async function writeProductPages(
  ctx: Pick<PlatformContext, 'db' | 'sleep'>,
  admin: AdminApi,
  shop: ShopRef,
  write: PagedWrite = {},
): Promise<{ complete: boolean; written: number }> {
  const { db } = ctx;
  const transaction = write.transaction ?? ((work) => db.transaction().execute(work));
  let written = 0;
  const complete = await readProductPages(
    ctx,
    admin,
    shop,
    async (products, endCursor) => {
      await transaction(async (trx) => {
        await upsertCatalogProducts(db, shop.id, products, trx, { revive: write.revive });
        await write.withPage?.(trx, products, endCursor);
      });
      written += products.length;
      if (products.length) await invalidateLooksList(db, shop.id);
    },
    write,
  );
  return { complete, written };
}

/** Reads the shop's products page by page, handing each page over; resolves whether it read them all. */
async function readProductPages(
  ctx: Pick<PlatformContext, 'sleep'>,
  admin: AdminApi,
  shop: ShopRef,
  onPage: (products: CatalogProductInput[], endCursor: string | null) => Promise<void>,
  read: PagedRead = {},
): Promise<boolean> {
  let first = PAGE_SIZE;
  let after: string | null = read.after ?? null;
  for (;;) {
    if (read.proceed && !read.proceed()) return false;
    let page: { data: ProductsPage; cost?: QueryCost };
    try {
      page = await admin.request<ProductsPage>(shop, PRODUCTS_QUERY, {
        first,
        after,
        query: read.query ?? null,
        sortKey: read.sortKey ?? 'ID',
      });
    } catch (error) {
      if (error instanceof AdminApiError && error.graphqlCodes.includes('MAX_COST_EXCEEDED') && first > 1) {
        first = Math.ceil(first / 2);
        continue;
      }
      throw error;
    }
    const { hasNextPage, endCursor } = page.data.products.pageInfo;
    await onPage(page.data.products.nodes.map(toCatalogProduct), endCursor ?? null);
    if (!hasNextPage || !endCursor) return true;
    after = endCursor;
    // Pace by the bucket: wait until the next page's cost is available instead of being THROTTLED.
    const cost = page.cost;
    if (cost && cost.throttleStatus.currentlyAvailable < cost.requestedQueryCost) await ctx.sleep(throttleWaitMs(cost));
  }
}
