/**
 * Every backend call of the client (SPEC §7 + the README's decisions), typed from src/contracts:
 * `'METHOD /path'` (below /admin/api/v1, `:name` for a path parameter) → request body and answer.
 * The test backend (fakeBackend.ts) accepts only these routes and only these types, so a contract
 * change breaks the fakes of every test at compile time (`npm run typecheck`).
 */
import type { Paginated } from '../contracts/api';
import type { HotspotSuggestRequest, HotspotSuggestResponse } from '../contracts/hotspots';
import type { ShopOrdersPage, Stats } from '../contracts/analytics';
import type { Reconciliation } from '../contracts/reconciliation';
import type { FunnelReport } from '../contracts/funnel';
import type { Experiment, ExperimentCreateInput, ExperimentList, ExperimentUpdateInput } from '../contracts/experiments';
import type { BillingPlans, DiscountCheck, DowngradePreview, DowngradeResult, SelectPlanResponse } from '../contracts/billing';
import type { SelectPlanBody } from '../contracts/billing.schema';
import type { BoosterSettings, BoosterValues, CreatedCollection } from '../contracts/booster';
import type { CatalogSyncState } from '../contracts/catalog';
import type { ClaimFreeResponse, CreditPackage, Credits, PurchaseResponse, VerifyPurchaseResponse } from '../contracts/credits';
import type { CreateGenerationResponse, ImageGeneration, ImageGenerationsPage } from '../contracts/gallery';
import type { CreateGenerationBody, UpdateGenerationBody } from '../contracts/gallery.schema';
import type { ExtensionCheck } from '../contracts/extensionCheck';
import type { LayoutSettings } from '../contracts/layout';
import type {
  LookCreateResponse,
  LookDetailResponse,
  LookFormValues,
  LookListItem,
  LookMainProduct,
  SoldOutLooksResponse,
  LookMediaUploadResponse,
  LookUpdateResponse,
} from '../contracts/looks';
import type { ApiTokenResponse, Onboarding, ShopContext, ShopSettings, TrackedEvent } from '../contracts/shop';
import type { WebVitalsBatch } from '../contracts/webVitals';

/** A route: what the client sends (`void`: nothing) and what a successful answer holds (`void`: 204). */
export interface Route<Body, Answer> {
  body: Body;
  answer: Answer;
}

/** A multipart upload as the fake records it (whatwg-fetch cannot read FormData back). */
export type Multipart = '[form data]';

export interface TrackedEventBody {
  name: TrackedEvent;
  distinctId: string;
  properties?: Record<string, unknown>;
}

export interface ApiRoutes {
  // Looks
  'GET /productLooks': Route<void, Paginated<LookListItem>>;
  'GET /productLooks/discountDefaults': Route<void, { mainProduct: LookMainProduct }>;
  'GET /productLooks/soldOut': Route<void, SoldOutLooksResponse>;
  'GET /productLooks/:id': Route<void, LookDetailResponse>;
  'POST /productLooks': Route<LookFormValues, LookCreateResponse>;
  'PATCH /productLooks/:id': Route<LookFormValues, LookUpdateResponse>;
  'DELETE /productLooks/:id': Route<void, void>;
  'POST /productLooks/media': Route<Multipart, LookMediaUploadResponse>;
  'POST /productLooks/hotspots': Route<HotspotSuggestRequest, HotspotSuggestResponse>;
  // Analytics
  'GET /stats': Route<void, Stats>;
  'GET /shopOrders': Route<void, ShopOrdersPage>;
  'GET /analytics/funnel': Route<void, FunnelReport>;
  'GET /reconciliation': Route<void, Reconciliation>;
  'POST /reconciliation': Route<void, Reconciliation>;
  'GET /experiments': Route<void, ExperimentList>;
  'POST /experiments': Route<ExperimentCreateInput, Experiment>;
  'PATCH /experiments/:id': Route<ExperimentUpdateInput, Experiment>;
  'POST /experiments/:id/apply': Route<{ variantId: number }, Experiment>;
  'POST /events': Route<TrackedEventBody, void>;
  'POST /webVitals': Route<WebVitalsBatch, void>;
  // Shop
  'GET /shop/details': Route<void, ShopContext>;
  'GET /shop': Route<void, ShopSettings>;
  'PATCH /shop': Route<Partial<ShopSettings>, ShopSettings>;
  'POST /shop/apiToken': Route<void, ApiTokenResponse>;
  'GET /shop/onboarding': Route<void, Onboarding>;
  'GET /shop/extensionCheck': Route<void, ExtensionCheck>;
  // Catalog
  'GET /catalog/sync': Route<void, CatalogSyncState>;
  'POST /catalog/sync': Route<void, CatalogSyncState>;
  // Billing
  'GET /shop/billing-plans': Route<void, BillingPlans>;
  'GET /shop/downgrade/preview': Route<void, DowngradePreview>;
  'POST /shop/select-plan': Route<SelectPlanBody, SelectPlanResponse>;
  'POST /shop/downgrade': Route<void, DowngradeResult>;
  'POST /discount/validate': Route<{ code: string }, DiscountCheck>;
  // Booster
  'GET /booster': Route<void, BoosterSettings>;
  'PATCH /booster': Route<BoosterValues, BoosterSettings>;
  'POST /productLookCollections': Route<{ name: string }, CreatedCollection>;
  'DELETE /productLookCollections/:id': Route<void, void>;
  // Layout
  'GET /layout': Route<void, LayoutSettings>;
  'PATCH /layout': Route<LayoutSettings, LayoutSettings>;
  /** Answers the widget HTML (text/html). */
  'POST /layout/preview': Route<LayoutSettings, string>;
  // Gallery
  'GET /image-generations': Route<void, ImageGenerationsPage>;
  'GET /image-generation/:id': Route<void, ImageGeneration>;
  'POST /image-generation': Route<CreateGenerationBody, CreateGenerationResponse>;
  'PUT /image-generation/:id': Route<UpdateGenerationBody, ImageGeneration>;
  // Credits
  'GET /credits': Route<void, Credits>;
  'GET /credits/packages': Route<void, CreditPackage[]>;
  'POST /credits/purchase/:packageId': Route<void, PurchaseResponse>;
  'POST /credits/verify/:packageId/:chargeId': Route<void, VerifyPurchaseResponse>;
  'POST /credits/claim-free': Route<void, ClaimFreeResponse>;
}

export type RouteKey = keyof ApiRoutes;

/** The same keys at run time (a missing or extra key fails the typecheck). */
const ROUTE_KEYS: Record<RouteKey, true> = {
  'GET /productLooks': true,
  'GET /productLooks/discountDefaults': true,
  'GET /productLooks/soldOut': true,
  'GET /productLooks/:id': true,
  'POST /productLooks': true,
  'PATCH /productLooks/:id': true,
  'DELETE /productLooks/:id': true,
  'POST /productLooks/media': true,
  'POST /productLooks/hotspots': true,
  'GET /stats': true,
  'GET /shopOrders': true,
  'GET /analytics/funnel': true,
  'GET /reconciliation': true,
  'POST /reconciliation': true,
  'GET /experiments': true,
  'POST /experiments': true,
  'PATCH /experiments/:id': true,
  'POST /experiments/:id/apply': true,
  'POST /events': true,
  'POST /webVitals': true,
  'GET /shop/details': true,
  'GET /shop': true,
  'PATCH /shop': true,
  'POST /shop/apiToken': true,
  'GET /shop/onboarding': true,
  'GET /shop/extensionCheck': true,
  'GET /catalog/sync': true,
  'POST /catalog/sync': true,
  'GET /shop/billing-plans': true,
  'GET /shop/downgrade/preview': true,
  'POST /shop/select-plan': true,
  'POST /shop/downgrade': true,
  'POST /discount/validate': true,
  'GET /booster': true,
  'PATCH /booster': true,
  'POST /productLookCollections': true,
  'DELETE /productLookCollections/:id': true,
  'GET /layout': true,
  'PATCH /layout': true,
  'POST /layout/preview': true,
  'GET /image-generations': true,
  'GET /image-generation/:id': true,
  'POST /image-generation': true,
  'PUT /image-generation/:id': true,
  'GET /credits': true,
  'GET /credits/packages': true,
  'POST /credits/purchase/:packageId': true,
  'POST /credits/verify/:packageId/:chargeId': true,
  'POST /credits/claim-free': true,
};

interface CompiledRoute {
  key: RouteKey;
  method: string;
  pattern: RegExp;
  names: string[];
  /** Static segments win over parameters (/productLooks/media before /productLooks/:id). */
  params: number;
}

const COMPILED: CompiledRoute[] = (Object.keys(ROUTE_KEYS) as RouteKey[])
  .map((key) => {
    const [method, path] = key.split(' ');
    const names: string[] = [];
    const source = path.replace(/:(\w+)/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { key, method, pattern: new RegExp(`^${source}$`), names, params: names.length };
  })
  .sort((a, b) => a.params - b.params);

/** The route of a request (path below /admin/api/v1) and its path parameters, or undefined. */
export function matchRoute(method: string, path: string): { key: RouteKey; pathParams: Record<string, string> } | undefined {
  for (const route of COMPILED) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (!m) continue;
    const pathParams = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(m[i + 1])]));
    return { key: route.key, pathParams };
  }
  return undefined;
}
