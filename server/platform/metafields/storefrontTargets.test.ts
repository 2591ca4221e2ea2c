import type { RecordedChange } from '../../services/changes/reader';
import type { Change, LookState } from '../../services/changes/outbox';
import { DEFAULT_LAYOUT_SETTINGS } from '../../../src/contracts/layout';
import { storefrontTargetsOf } from './storefrontTargets';

const recorded = (changes: Change[]): RecordedChange[] =>
  changes.map((c, i) => ({ ...c, id: i + 1, createdAt: new Date(), ageMs: 0 }));
const look = (over: Partial<LookState> = {}): LookState => ({
  id: 1,
  active: true,
  mainProduct: 'gid://shopify/Product/1',
  discount: null,
  ...over,
});
const targets = (...changes: Change[]) => {
  const t = storefrontTargetsOf(recorded(changes));
  return { ...t, products: [...t.products].sort(), catalogProducts: [...t.catalogProducts] };
};

describe('which storefront metafields a run of changes calls for', () => {
  it('a look: its old and new main product and the gallery while it is or was active; a draft nothing', () => {
    expect(targets({ kind: 'lookChanged', before: null, after: look({ active: false }) })).toMatchObject({
      gallery: false,
      products: [],
      config: false,
    });
    expect(
      targets({
        kind: 'lookChanged',
        before: look({ active: false }),
        after: look({ active: false, mainProduct: 'gid://shopify/Product/2' }),
      }).products,
    ).toEqual([]);
    expect(
      targets({
        kind: 'lookChanged',
        before: look(),
        after: look({ active: false, mainProduct: 'gid://shopify/Product/2' }),
      }),
    ).toMatchObject({
      gallery: true,
      products: ['gid://shopify/Product/1', 'gid://shopify/Product/2'],
    });
    expect(targets({ kind: 'lookChanged', before: look(), after: null })).toMatchObject({
      gallery: true,
      products: ['gid://shopify/Product/1'],
    });
  });

  it('layout, settings, booster, proxy path: the config, only when it changed', () => {
    const layout = { ...DEFAULT_LAYOUT_SETTINGS };
    expect(targets({ kind: 'layoutChanged', before: layout, after: { ...layout } }).config).toBe(false);
    expect(targets({ kind: 'layoutChanged', before: layout, after: { ...layout, customTitle: 'New' } }).config).toBe(
      true,
    );
    expect(targets({ kind: 'proxyPathChanged', before: null, after: '/apps/looks' }).config).toBe(true);
  });

  it('catalog products are resolved later; an install or a catalog sync writes everything; stale marks name their targets; unknown kinds are not the storefront’s', () => {
    expect(
      targets({ kind: 'catalogProductsChanged', before: null, after: { gids: ['gid://shopify/Product/9'] } }),
    ).toMatchObject({ catalogProducts: ['gid://shopify/Product/9'], gallery: false });
    expect(targets({ kind: 'shopInstalled', before: null, after: null }).everything).toBe(true);
    expect(targets({ kind: 'catalogSynced', before: null, after: { synced: 1 } }).everything).toBe(true);
    expect(
      targets({
        kind: 'storefrontStale',
        before: null,
        after: { targets: ['config', 'gallery', 'product:gid://shopify/Product/3', 'other'] },
      }),
    ).toMatchObject({
      config: true,
      gallery: true,
      products: ['gid://shopify/Product/3'],
    });
    expect(targets({ kind: 'futureKind', before: null, after: null } as unknown as Change)).toMatchObject({
      everything: false,
      config: false,
      gallery: false,
      products: [],
    });
  });
});
