import type { FastifyInstance } from 'fastify';

/** How the stand-in answers one GraphQL document: its requested cost, then the answer and actual cost. */
export interface FakeResolution {
  requested: number;
  answer: () => { data: Record<string, unknown>; actual: number };
}

/** What a module of the stand-in may read of the stand-in itself (products, shop details). */
export interface FakeAdminCore {
  readonly url: string;
  productsOf(shop: string): ReadonlyArray<import('../fakeShopifyAdmin').FakeProduct>;
}

/**
 * One area of the Admin API the stand-in speaks (metafields, themes, bulk operations …), in a file of
 * its own under server/test/fakeAdmin/ and listed in ./modules.ts. `resolve` answers the GraphQL
 * documents of its area (null: not mine); `routes` adds plain HTTP routes (e.g. a bulk result URL).
 */
export interface FakeAdminModule {
  resolve?(shop: string, query: string, variables: Record<string, unknown>): FakeResolution | null;
  routes?(app: FastifyInstance): void;
}

export type FakeAdminModuleFactory = (core: FakeAdminCore) => FakeAdminModule;
