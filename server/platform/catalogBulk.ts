import { sql, type Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { recordAvailability, upsertCatalogProducts } from '../services/shop/catalog';
import type { AdminApi } from './adminApi';
import { toCatalogProduct } from './catalogProducts';
import type { PlatformContext, ShopRef } from './context';

/**
 * A large catalog read with a bulk operation (APP_MODE=shopify): `bulkOperationRunQuery` starts it,
 * `bulkOperation(id:)` is polled with a growing interval until it ends, and the JSONL at its `url`
 * is read as a stream, line by line, and written in batches of BATCH_SIZE products.
 *
 * The output is ungrouped (`groupObjects: false`, the platform's default and its faster mode): a
 * variant line (with `__parentId`) may come before or long after its product. A product is
 * written with the first variant (lowest `position`) known when its batch is written; a variant
 * that turns up later and comes first corrects the written row in the next batch. Stock likewise: a
 * product is written available when a variant seen so far is available for sale (its stock stays as
 * stored otherwise: never sold out on a partial view); when the file ends, every product whose written stock differs from all its variants' is corrected.
 */
export const BULK_PRODUCTS_QUERY = `{
  products {
    edges {
      node {
        id
        handle
        title
        status
        productType
        updatedAt
        featuredMedia { preview { image { url } } }
        variants { edges { node { id price compareAtPrice position availableForSale } } }
      }
    }
  }
}`;

export const BULK_RUN_MUTATION = `mutation CatalogBulkRun($query: String!) {
  bulkOperationRunQuery(query: $query, groupObjects: false) {
    bulkOperation { id status }
    userErrors { field message code }
  }
}`;

export const BULK_OPERATION_QUERY = `query CatalogBulkOperation($id: ID!) {
  bulkOperation(id: $id) { id status errorCode objectCount rootObjectCount url partialDataUrl }
}`;

export const BATCH_SIZE = 500;
/** Polling: first after POLL_FIRST_MS, each wait 1.5× the last, at most POLL_MAX_MS. */
export const POLL_FIRST_MS = 300;
export const POLL_MAX_MS = 15_000;

type BulkStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'CANCELING' | 'CANCELED' | 'FAILED' | 'EXPIRED';

interface BulkOperation {
  id: string;
  status: BulkStatus;
  errorCode: string | null;
  objectCount: string | null;
  rootObjectCount: string | null;
  url: string | null;
}

/** The bulk operation could not be started (e.g. the shop runs as many as it may): read page by page instead. */
export class BulkNotStartedError extends Error {}

/** The bulk operation ended without a result (FAILED with its errorCode, CANCELED, EXPIRED). */
export class BulkFailedError extends Error {
  constructor(
    readonly status: string,
    readonly errorCode: string | null,
  ) {
    super(`bulk operation ${status}${errorCode ? ` (${errorCode})` : ''}`);
  }
}

export interface BulkRead {
  /** The operation of an interrupted sync to resume instead of starting another. */
  resume: string | null;
  /** The operation started (stored with the sync's progress) and each poll (a heartbeat). */
  onOperation(id: string | null): Promise<void>;
  /** After each written batch: how many products are written so far. */
  onProgress(written: number): Promise<void>;
  proceed(): boolean;
  /** Runs each batch's writes (in the sync's guarded transaction: only while it is still the shop's current sync). */
  write?<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

interface Variant {
  id: string;
  price: string | null;
  compareAtPrice: string | null;
  position: number;
}

/** Runs (or resumes) the bulk read; resolves the ids of every product written, or null when stopped. */
export async function readProductsInBulk(
  ctx: PlatformContext,
  admin: AdminApi,
  shop: ShopRef,
  read: BulkRead,
): Promise<string[] | null> {
  let operation = read.resume ? await poll(admin, shop, read.resume) : null;
  if (!operation || ['CANCELED', 'CANCELING', 'EXPIRED', 'FAILED'].includes(operation.status)) {
    operation = await start(admin, shop);
  }
  await read.onOperation(operation.id);
  let wait = POLL_FIRST_MS;
  while (operation.status === 'CREATED' || operation.status === 'RUNNING' || operation.status === 'CANCELING') {
    if (!read.proceed()) return null;
    await ctx.sleep(wait);
    wait = Math.min(POLL_MAX_MS, Math.round(wait * 1.5));
    const polled = await poll(admin, shop, operation.id);
    if (!polled) throw new BulkFailedError('GONE', null);
    operation = polled;
    await read.onOperation(operation.id);
  }
  if (operation.status !== 'COMPLETED') throw new BulkFailedError(operation.status, operation.errorCode);
  // A completed operation over no objects has no file.
  const seen = operation.url ? await writeJsonl(ctx.db, shop.id, operation.url, read) : [];
  await read.onOperation(null);
  return seen;
}

async function start(admin: AdminApi, shop: ShopRef): Promise<BulkOperation> {
  const answer = await admin.graphql<{
    bulkOperationRunQuery: {
      bulkOperation: { id: string; status: BulkStatus } | null;
      userErrors: Array<{ message: string; code?: string | null }>;
    };
  }>(shop, BULK_RUN_MUTATION, { query: BULK_PRODUCTS_QUERY });
  const { bulkOperation, userErrors } = answer.bulkOperationRunQuery;
  if (!bulkOperation || userErrors.length) {
    throw new BulkNotStartedError(
      userErrors.map((e) => `${e.code ? `${e.code}: ` : ''}${e.message}`).join('; ') || 'no bulk operation',
    );
  }
  return { ...bulkOperation, errorCode: null, objectCount: null, rootObjectCount: null, url: null };
}

async function poll(admin: AdminApi, shop: ShopRef, id: string): Promise<BulkOperation | null> {
  return (await admin.graphql<{ bulkOperation: BulkOperation | null }>(shop, BULK_OPERATION_QUERY, { id }))
    .bulkOperation;
}

/** Lines of a streamed text body, as they arrive. */
async function* lines(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = rest.indexOf('\n')) >= 0) {
      yield rest.slice(0, end);
      rest = rest.slice(end + 1);
    }
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

async function writeJsonl(db: Db, shopId: number, url: string, read: BulkRead): Promise<string[] | null> {
  const write = read.write
    ? read.write.bind(read)
    : <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(work);
  const response = await fetch(url, { signal: AbortSignal.timeout(30 * 60_000) });
  if (!response.ok || !response.body) throw new BulkFailedError(`DOWNLOAD_${response.status}`, null);
  const written = new Set<string>();
  const firstVariant = new Map<string, Variant>();
  const corrected = new Set<string>();
  /** Per product: whether a variant seen is available for sale; and what its written row says. */
  const forSale = new Map<string, boolean>();
  const writtenForSale = new Map<string, boolean | undefined>();
  let batch: Array<Record<string, unknown>> = [];

  const flush = async () => {
    if (batch.length) {
      const products = batch
        .map((node) => {
          const variant = firstVariant.get(String(node.id));
          const media = node.featuredMedia as
            | { preview?: { image?: { url?: string | null } | null } | null }
            | null
            | undefined;
          return toCatalogProduct({
            id: String(node.id),
            handle: String(node.handle ?? ''),
            title: String(node.title ?? ''),
            status: String(node.status ?? ''),
            productType: typeof node.productType === 'string' ? node.productType : null,
            updatedAt: typeof node.updatedAt === 'string' ? node.updatedAt : null,
            variants: { nodes: variant ? [variant] : [] },
            media: { nodes: media ? [media] : [] },
          });
        })
        .map((p) => ({ ...p, available: forSale.get(p.gid) === true ? true : undefined }));
      await write((trx) => upsertCatalogProducts(db, shopId, products, trx));
      for (const p of products) {
        writtenForSale.set(p.gid, p.available);
        written.add(p.gid);
        corrected.delete(p.gid);
      }
      batch = [];
    }
    if (corrected.size) {
      const rows = [...corrected].map((gid) => ({ gid, variant: firstVariant.get(gid)! }));
      await write((d) => correctVariants(d, shopId, rows));
      corrected.clear();
    }
    await read.onProgress(written.size);
  };

  for await (const line of lines(response.body as unknown as AsyncIterable<Uint8Array>)) {
    if (!line.trim()) continue;
    const object = JSON.parse(line) as Record<string, unknown>;
    const id = String(object.id ?? '');
    const parent = typeof object.__parentId === 'string' ? object.__parentId : null;
    if (parent && id.startsWith('gid://shopify/ProductVariant/')) {
      const variant: Variant = {
        id,
        price: object.price == null ? null : String(object.price),
        compareAtPrice: object.compareAtPrice == null ? null : String(object.compareAtPrice),
        position: Number(object.position ?? Number.MAX_SAFE_INTEGER),
      };
      if (typeof object.availableForSale === 'boolean')
        forSale.set(parent, (forSale.get(parent) ?? false) || object.availableForSale);
      const known = firstVariant.get(parent);
      if (!known || variant.position < known.position) {
        firstVariant.set(parent, variant);
        if (written.has(parent)) corrected.add(parent);
      }
    } else if (!parent && id.startsWith('gid://shopify/Product/')) {
      batch.push(object);
      if (batch.length >= BATCH_SIZE) {
        if (!read.proceed()) return null;
        await flush();
      }
    }
  }
  await flush();
  // Variants that came after their product's row: its stock as all of its variants tell it.
  const stock = [...written]
    .filter((gid) => forSale.has(gid) && writtenForSale.get(gid) !== forSale.get(gid))
    .map((gid) => ({ gid, available: forSale.get(gid)! }));
  if (stock.length) await recordAvailability(db, shopId, stock);
  return [...written];
}

/** Sets the first variant (and its prices) of products written before that variant's line came. */
async function correctVariants(db: Db, shopId: number, rows: Array<{ gid: string; variant: Variant }>) {
  const values = rows.map(({ gid, variant }) => {
    const product = toCatalogProduct({
      id: gid,
      handle: '',
      title: '',
      status: '',
      productType: null,
      variants: { nodes: [variant] },
      media: { nodes: [] },
    });
    return { gid, price: product.price, compare_at_price: product.compareAtPrice, variant: variant.id };
  });
  await sql`
    update catalog_products c
       set price = x.price, compare_at_price = x.compare_at_price, default_variant_gid = x.variant
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(gid text, price numeric, compare_at_price numeric, variant text)
     where c.shop_id = ${shopId} and c.gid = x.gid`.execute(db);
}
