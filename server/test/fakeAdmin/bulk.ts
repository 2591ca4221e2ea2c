import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FakeAdminCore, FakeAdminModule, FakeAdminModuleFactory, FakeResolution } from './module';
import type { FakeProduct } from '../fakeShopifyAdmin';
import { fakeVariantId } from './variants';

/**
 * Bulk query operations of the stand-in, in the platform's shapes:
 * - `bulkOperationRunQuery(query:, groupObjects:)` → `{ bulkOperation { id status } userErrors { field message code } }`;
 *   refused with a userError (code OPERATION_IN_PROGRESS) while the shop already runs MAX_CONCURRENT
 *   operations, and (INVALID) for a query without a connection or with more than five;
 * - `bulkOperation(id:)` → `{ id status errorCode objectCount rootObjectCount fileSize url partialDataUrl
 *   createdAt completedAt query }`: each poll moves an operation one step CREATED → RUNNING →
 *   COMPLETED (or FAILED with an errorCode, when the test asked for it);
 * - the result `url`: a JSONL route of the stand-in — one product per line, its variants on lines of
 *   their own with `__parentId` and, ungrouped as the platform's default (groupObjects:false), not
 *   next to their parent: some come before it, some several products after it.
 */
export interface FakeBulkOperation {
  id: string;
  shop: string;
  query: string;
  groupObjects: boolean;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED';
  errorCode: string | null;
  polls: number;
  createdAt: string;
  completedAt: string | null;
  /** The JSONL, fixed when the operation completes. */
  lines: string[] | null;
  token: string;
  failWith: string | null;
}

/** Operations a shop may run at once (API 2026-01 and later). */
export const MAX_CONCURRENT = 5;

export interface FakeBulk extends FakeAdminModule {
  operations(shop: string): FakeBulkOperation[];
  /** The shop's next operation ends FAILED with this error code (e.g. INTERNAL_SERVER_ERROR). */
  failNext(shop: string, errorCode: string): void;
  /** The shop already runs as many operations as it may (another app process): the next run is refused. */
  occupy(shop: string): void;
  /** Downloads of result files, by operation id. */
  readonly downloads: string[];
}

const ACTIVE = new Set(['CREATED', 'RUNNING']);

/** The JSONL of a products query: products and their variants, children away from their parents. */
export function productsJsonl(products: ReadonlyArray<FakeProduct>): string[] {
  const parents = products.map((p) =>
    JSON.stringify({
      id: p.id,
      handle: p.handle,
      title: p.title,
      status: p.status,
      productType: p.productType,
      featuredMedia: p.images[0] ? { preview: { image: { url: p.images[0] } } } : null,
    }),
  );
  const variantLines = products.map((p) => {
    const first = {
      id: fakeVariantId(p),
      price: p.price,
      compareAtPrice: p.compareAtPrice,
      position: 1,
      availableForSale: !p.soldOut,
      __parentId: p.id,
    };
    // A second, dearer variant listed first: the product's default is its first by position.
    const second = {
      id: `${fakeVariantId(p)}2`,
      price: (Number(p.price) + 5).toFixed(2),
      compareAtPrice: null,
      position: 2,
      availableForSale: !p.soldOut,
      __parentId: p.id,
    };
    return [JSON.stringify(second), JSON.stringify(first)];
  });
  const lines: string[] = [];
  const late: string[][] = [];
  products.forEach((_, i) => {
    // Every third product's variants come before it; the others' three products after it.
    if (i % 3 === 0) lines.push(...variantLines[i], parents[i]);
    else {
      lines.push(parents[i]);
      late.push(variantLines[i]);
    }
    if (late.length > 3) lines.push(...late.shift()!);
  });
  for (const rest of late) lines.push(...rest);
  return lines;
}

export const fakeBulk: FakeAdminModuleFactory = (core: FakeAdminCore): FakeBulk => {
  const operations = new Map<string, FakeBulkOperation>();
  const failures = new Map<string, string>();
  const occupied = new Set<string>();
  const downloads: string[] = [];
  let nextId = 5000;

  const ofShop = (shop: string) => [...operations.values()].filter((o) => o.shop === shop);

  function run(shop: string, variables: Record<string, unknown>): Record<string, unknown> {
    const query = String(variables.query ?? '');
    const groupObjects = variables.groupObjects === true;
    const refuse = (message: string, code: string, field: string[] | null = ['query']) => ({
      bulkOperationRunQuery: { bulkOperation: null, userErrors: [{ field, message, code }] },
    });
    const connections = (query.match(/\bedges\s*\{|\bnodes\s*\{/g) ?? []).length;
    if (!connections) return refuse('Bulk queries must contain at least one connection.', 'INVALID');
    if (connections > 5) return refuse('Bulk queries cannot contain more than 5 connections.', 'INVALID');
    const running = ofShop(shop).filter((o) => ACTIVE.has(o.status)).length;
    if (occupied.has(shop) || running >= MAX_CONCURRENT) {
      occupied.delete(shop);
      return refuse(
        `A bulk query operation for this app and shop is already in progress (at most ${MAX_CONCURRENT} at a time).`,
        'OPERATION_IN_PROGRESS',
        null,
      );
    }
    const operation: FakeBulkOperation = {
      id: `gid://shopify/BulkOperation/${nextId++}`,
      shop,
      query,
      groupObjects,
      status: 'CREATED',
      errorCode: null,
      polls: 0,
      createdAt: new Date().toISOString(),
      completedAt: null,
      lines: null,
      token: randomBytes(12).toString('hex'),
      failWith: failures.get(shop) ?? null,
    };
    failures.delete(shop);
    operations.set(operation.id, operation);
    return { bulkOperationRunQuery: { bulkOperation: { id: operation.id, status: operation.status }, userErrors: [] } };
  }

  function poll(shop: string, id: string): Record<string, unknown> {
    const operation = operations.get(id);
    if (!operation || operation.shop !== shop) return { bulkOperation: null };
    operation.polls += 1;
    if (operation.status === 'CREATED') operation.status = 'RUNNING';
    else if (operation.status === 'RUNNING') {
      operation.completedAt = new Date().toISOString();
      if (operation.failWith) {
        operation.status = 'FAILED';
        operation.errorCode = operation.failWith;
      } else {
        operation.status = 'COMPLETED';
        operation.lines = productsJsonl(core.productsOf(shop));
      }
    }
    const products = core.productsOf(shop).length;
    const done = operation.status === 'COMPLETED';
    const body = done ? `${operation.lines!.join('\n')}\n` : '';
    return {
      bulkOperation: {
        id: operation.id,
        status: operation.status,
        errorCode: operation.errorCode,
        createdAt: operation.createdAt,
        completedAt: operation.completedAt,
        objectCount: String(
          done ? operation.lines!.length : operation.status === 'RUNNING' ? Math.floor(products / 2) : 0,
        ),
        rootObjectCount: String(done ? products : 0),
        fileSize: done ? String(Buffer.byteLength(body)) : null,
        url: done && operation.lines!.length ? `${core.url}/bulk-results/${operation.token}.jsonl` : null,
        partialDataUrl: null,
        query: operation.query,
      },
    };
  }

  return {
    resolve(shop, query, variables): FakeResolution | null {
      if (/\bbulkOperationRunQuery\b/.test(query))
        return { requested: 10, answer: () => ({ actual: 10, data: run(shop, variables) }) };
      if (/\bbulkOperation\s*\(/.test(query))
        return { requested: 1, answer: () => ({ actual: 1, data: poll(shop, String(variables.id ?? '')) }) };
      return null;
    },
    routes(app: FastifyInstance) {
      app.get('/bulk-results/:file', async (req, reply) => {
        const token = String((req.params as { file: string }).file).replace(/\.jsonl$/, '');
        const operation = [...operations.values()].find((o) => o.token === token && o.lines);
        if (!operation) return reply.status(404).send('NoSuchKey');
        downloads.push(operation.id);
        return reply.type('application/jsonl').send(`${operation.lines!.join('\n')}\n`);
      });
    },
    operations: ofShop,
    failNext(shop, errorCode) {
      failures.set(shop, errorCode);
    },
    occupy(shop) {
      occupied.add(shop);
    },
    downloads,
  };
};
