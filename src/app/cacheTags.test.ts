import fs from 'node:fs';
import path from 'node:path';
import { baseApi } from '../api/baseApi';

/**
 * The cache-tag relation of the one API (in the spirit of Metabase's `invalidation-relation` spec):
 * for every mutation, the cached queries it invalidates are exactly the ones that show the data it
 * changes — none missed (a stale screen), none extra (a wasted GET). The endpoints are read from the
 * feature files themselves (every src/features/*\/*Api.ts), so a new endpoint without a row here fails.
 */

type Tag = string | { type: string; id?: string | number };
type TagsOf = Tag[] | ((result: unknown, error: unknown, arg: unknown) => Tag[]) | undefined;
interface Definition {
  kind: 'query' | 'mutation';
  providesTags?: TagsOf;
  invalidatesTags?: TagsOf;
}

const ID = 7;
/** A result that every providesTags of the app can read ids from (a list, a page, an entity adapter state). */
const sampleResult = Object.assign([{ id: ID }], { ids: [ID], data: [{ id: ID }] });
/** Query args: the single-entity queries take the id as a string. */
const sampleQueryArg = String(ID);
const sampleMutationArg = (name: string): unknown =>
  ['deleteLook', 'deleteCollection', 'purchaseCredits'].includes(name) ? ID : { id: ID, lookId: ID };

/**
 * mutation → the queries whose data it changes. "Look" here is the look with id 7; `getLook` is that
 * look's own entry. The extension check follows the looks (its demo answer links to an active look's page),
 * not the onboarding: a layout or settings save leaves it as it is. A saved look (updateLook, setLookFlags) writes the PATCH answer into getLook
 * itself, so getLook is not refetched.
 */
const RELATION: Record<string, string[]> = {
  // looks (the dashboard's sold-out list shows the active looks' items)
  createLook: [
    'getLooks',
    'getFunnel',
    'getDowngradePreview',
    'getStats',
    'getShopDetails',
    'getOnboarding',
    'getExtensionCheck',
    'getSoldOutLooks',
  ],
  updateLook: [
    'getLooks',
    'getFunnel',
    'getDowngradePreview',
    'getExperiments',
    'getStats',
    'getShopDetails',
    'getOnboarding',
    'getExtensionCheck',
    'getSoldOutLooks',
  ],
  setLookFlags: [
    'getLooks',
    'getFunnel',
    'getDowngradePreview',
    'getExperiments',
    'getStats',
    'getShopDetails',
    'getOnboarding',
    'getExtensionCheck',
    'getSoldOutLooks',
  ],
  deleteLook: [
    'getLooks',
    'getLook',
    'getFunnel',
    'getDowngradePreview',
    'getExperiments',
    'getStats',
    'getShopDetails',
    'getOnboarding',
    'getExtensionCheck',
    'getSoldOutLooks',
  ],
  uploadLookMedia: [],
  // a suggestion only: nothing is saved until the merchant accepts it in the form
  suggestHotspots: [],
  // experiments: applying a variant writes it into the look
  createExperiment: ['getExperiments'],
  updateExperiment: ['getExperiments'],
  applyExperimentVariant: [
    'getExperiments',
    'getLooks',
    'getLook',
    'getFunnel',
    'getDowngradePreview',
    'getExtensionCheck',
    'getSoldOutLooks',
  ],
  // analytics: a reconciliation asked for
  requestReconciliation: ['getReconciliation'],
  // billing
  selectPlan: [],
  validateDiscount: [],
  downgrade: [
    'getBillingPlans',
    'getDowngradePreview',
    'getShopDetails',
    'getStats',
    'getFunnel',
    'getOnboarding',
    'getExtensionCheck',
    'getLooks',
    'getSoldOutLooks',
  ],
  // booster
  updateBooster: ['getBooster'],
  createCollection: ['getBooster'],
  deleteCollection: ['getBooster'],
  // credits and images
  purchaseCredits: [],
  verifyPurchase: ['getCredits'],
  claimFreeCredits: ['getCredits'],
  createGeneration: ['getGenerations', 'getLookGenerations', 'getCredits'],
  updateGeneration: ['getGenerations', 'getGeneration', 'getLookGenerations'],
  // layout and shop settings
  updateLayout: ['getLayout', 'getOnboarding'],
  previewLayout: [],
  updateShopSettings: ['getShopSettings', 'getShopDetails', 'getOnboarding'],
  createApiToken: [],
  retryCatalogSync: [],
};

const definitions: Record<string, Definition> = {};

beforeAll(() => {
  // Record each endpoint's definition as the features inject it (RTK Query keeps them private).
  const inject = baseApi.injectEndpoints.bind(baseApi);
  const spy = jest.spyOn(baseApi, 'injectEndpoints').mockImplementation(((
    options: Parameters<typeof baseApi.injectEndpoints>[0],
  ) => {
    const build = {
      query: (d: object) => ({ ...d, kind: 'query' }),
      infiniteQuery: (d: object) => ({ ...d, kind: 'query' }),
      mutation: (d: object) => ({ ...d, kind: 'mutation' }),
    };
    Object.assign(
      definitions,
      (options.endpoints as unknown as (b: typeof build) => Record<string, Definition>)(build),
    );
    return inject(options);
  }) as unknown as typeof baseApi.injectEndpoints);
  const features = path.join(__dirname, '../features');
  for (const feature of fs.readdirSync(features)) {
    for (const file of fs.readdirSync(path.join(features, feature)).filter((f) => /Api\.ts$/.test(f))) {
      require(path.join(features, feature, file)); // eslint-disable-line @typescript-eslint/no-require-imports -- loaded after the spy is in place
    }
  }
  spy.mockRestore();
});

const tagsOf = (tags: TagsOf, result: unknown, error: unknown, arg: unknown) =>
  (typeof tags === 'function' ? tags(result, error, arg) : (tags ?? [])).map((t) =>
    typeof t === 'string' ? { type: t } : t,
  );

/** RTK Query's rule: a tag without id invalidates every entry of its type; a tag with id only entries that provide that id. */
function invalidatedQueries(mutation: string): string[] {
  const invalidated = tagsOf(definitions[mutation].invalidatesTags, {}, undefined, sampleMutationArg(mutation));
  return Object.entries(definitions)
    .filter(([, d]) => d.kind === 'query')
    .filter(([, d]) => {
      const provided = tagsOf(d.providesTags, sampleResult, undefined, sampleQueryArg);
      return provided.some((p) =>
        invalidated.some((i) => i.type === p.type && (i.id === undefined || String(i.id) === String(p.id))),
      );
    })
    .map(([name]) => name)
    .sort();
}

const mutations = () => Object.keys(definitions).filter((name) => definitions[name].kind === 'mutation');

describe('cache tags of the one API', () => {
  it('reads every endpoint, and has a relation row for each mutation (and no row for a gone one)', () => {
    expect(mutations().length).toBeGreaterThan(20);
    expect(mutations().sort()).toEqual(Object.keys(RELATION).sort());
  });

  it.each(Object.entries(RELATION))(
    '%s invalidates exactly the queries that show what it changes',
    (mutation, queries) => {
      expect(invalidatedQueries(mutation)).toEqual([...queries].sort());
    },
  );

  it.each(Object.keys(RELATION))('%s invalidates nothing when it fails (a failed save keeps the cache)', (mutation) => {
    expect(
      tagsOf(definitions[mutation].invalidatesTags, undefined, { status: 500 }, sampleMutationArg(mutation)),
    ).toEqual([]);
  });
});
