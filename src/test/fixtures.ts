/**
 * Typed answers of the test backend (fakeBackend.ts): one builder per contract type, with overrides.
 * Built from src/contracts, so a contract change shows here at compile time.
 */
import { paginationDetails, type Paginated } from '../contracts/api';
import { SHOP_ORDERS_PAGE_SIZE, type AnalyticsOrderRow, type ShopOrdersPage, type Stats } from '../contracts/analytics';
import { DEFAULT_BOOSTER_VALUES, type BoosterSettings } from '../contracts/booster';
import type { CreditPackage, Credits } from '../contracts/credits';
import type { ImageGeneration } from '../contracts/gallery';
import { LOOKS_PAGE_SIZE, type Look, type LookDetailResponse, type LookListItem } from '../contracts/looks';
import type { Onboarding } from '../contracts/shop';
import type { FunnelCounts, FunnelDay, FunnelLook, FunnelReport } from '../contracts/funnel';

/** A look of the list (GET /productLooks item): `Look <id>`, draft, no image. */
export const lookListItem = (id: number, over: Partial<LookListItem> = {}): LookListItem => ({
  id,
  title: `Look ${id}`,
  active: false,
  image: null,
  storeFrontUrl: null,
  tags: '',
  ...over,
});

/** A page of any list: the items plus paging details (page 1 unless given). */
export function pageOf<T>(
  data: T[],
  { page = 1, limit = LOOKS_PAGE_SIZE, totalItems = data.length } = {},
): Paginated<T> {
  return { data, paginationDetails: paginationDetails(page, limit, totalItems) };
}

/** A stored look (GET /productLooks/:id), valid for the look form's schema. */
export const storedLook = (over: Partial<Look> = {}): Look => ({
  id: 5,
  title: 'Summer in the City',
  mainProduct: {
    itemId: 'gid://shopify/Product/1',
    title: 'Linen Shirt',
    image: '/files/catalog/linen-shirt-1.jpg',
    selectedMainImage: '/files/catalog/linen-shirt-1.jpg',
    productImages: ['/files/catalog/linen-shirt-1.jpg'],
  },
  active: true,
  relatedItems: [
    {
      itemId: 'gid://shopify/Product/2',
      title: 'Chino Pants',
      image: '',
      order: 0,
      type: 'product',
      markerX: 30,
      markerY: 35,
    },
  ],
  markerColor: 'FFFFFF',
  featured: false,
  media: [],
  discount: { enabled: false, label: '', type: 'percentage', value: 10, discountText: '', tiers: [] },
  tags: 'summer,city',
  ...over,
});

export const lookDetail = (stored: Look = storedLook(), previewUrl: string | null = null): LookDetailResponse => ({
  look: stored,
  previewUrl,
});

export const onboardingData = (over: Partial<Onboarding> = {}): Onboarding => ({
  createdLook: true,
  shopUpdated: false,
  appBlockInstalled: false,
  appBlockThemeSupported: true,
  scriptTagSupported: false,
  appThemeExtensionDeepLink: 'https://demo-shop.myshopify.com/admin/themes/current/editor?addAppBlockId=x',
  setupGuideDisplay: true,
  onboarding: {
    themeExtensionSupported: true,
    appThemeExtensionCartDeepLink: 'https://x',
    canUseCheckoutUIExtension: false,
  },
  ...over,
});

export const statsData = (over: Partial<Stats> = {}): Stats => ({
  addToCartRevenue: 0,
  orderGenerated: 0,
  looksCount: 0,
  ...over,
});

export const orderRow = (id: number, over: Partial<AnalyticsOrderRow> = {}): AnalyticsOrderRow => ({
  id,
  identifier: `#${id}`,
  orderTotal: 100,
  generatedRevenue: 40,
  orderDate: '2025-03-01T10:00:00Z',
  productStoreFrontLink: 'http://localhost/storefront/products/linen-shirt-sand',
  productLookId: 7,
  ...over,
});

export const ordersPage = (
  rows: AnalyticsOrderRow[],
  opts: { page?: number; totalItems?: number } = {},
): ShopOrdersPage => pageOf(rows, { ...opts, limit: SHOP_ORDERS_PAGE_SIZE });

export const creditsData = (over: Partial<Credits> = {}): Credits => ({
  creditsRemaining: 20,
  creditsUsed: 0,
  freeCreditsClaimedFlag: true,
  lowCreditWarning: false,
  ...over,
});

export const creditPackages = (): CreditPackage[] => [
  { id: 1, name: 'Starter', price: 5, credits: 10, pricePerCredit: 0.5 },
  { id: 2, name: 'Popular', price: 20, credits: 50, pricePerCredit: 0.4 },
];

export const generation = (over: Partial<ImageGeneration> = {}): ImageGeneration => ({
  id: 11,
  productLook: { id: 5, title: 'Summer in the City' },
  imageType: 'flat_lay',
  customPrompt: null,
  status: 'PENDING',
  generatedImageUrl: null,
  errorMessage: null,
  createdAt: '2025-03-01T10:00:00Z',
  completedAt: null,
  title: 'Summer in the City',
  ...over,
});

export const boosterSettings = (over: Partial<BoosterSettings> = {}): BoosterSettings => ({
  ...DEFAULT_BOOSTER_VALUES,
  collections: [],
  ...over,
});

type FunnelStep = Partial<FunnelCounts>;
const NO_FUNNEL: FunnelCounts = { impressions: 0, clicks: 0, addToCarts: 0, orders: 0, revenue: 0 };

/** A look of GET /analytics/funnel from its mobile and desktop counts (the totals are their sums). */
export function funnelLook(
  lookId: number,
  title: string,
  mobile: FunnelStep,
  desktop: FunnelStep = {},
  usesGeneratedImage = false,
): FunnelLook {
  const m = { ...NO_FUNNEL, ...mobile };
  const d = { ...NO_FUNNEL, ...desktop };
  const sum = (k: keyof FunnelCounts) => m[k] + d[k];
  return {
    lookId,
    title,
    impressions: sum('impressions'),
    clicks: sum('clicks'),
    addToCarts: sum('addToCarts'),
    orders: sum('orders'),
    revenue: sum('revenue'),
    byDevice: { mobile: m, desktop: d },
    usesGeneratedImage,
  };
}

/** GET /analytics/funnel: these looks, a series of the given days (zeros unless given), the generated-image totals from the looks. */
export function funnelReport(
  looks: FunnelLook[],
  days: Array<Partial<FunnelDay> & { date: string }> = [],
  creditsUsed = 0,
): FunnelReport {
  const generated = looks.filter((l) => l.usesGeneratedImage);
  return {
    looks,
    series: days.map((d) => ({ ...NO_FUNNEL, ...d })),
    generatedImages: {
      looks: generated.length,
      orders: generated.reduce((s, l) => s + l.orders, 0),
      revenue: generated.reduce((s, l) => s + l.revenue, 0),
      creditsUsed,
    },
  };
}
