/**
 * THE route table of the admin API (below /admin/api/v1): every route once, keyed `'METHOD /path'`
 * (`:name` for a path parameter), with the yup schemas of its input (params, querystring, body; checked
 * by the server before the handler runs) and the types of what the client sends and gets back.
 *
 * Three readers, no second list:
 * - the server registers each route from here (server/http/adminRoute.ts: `adminRoute(app, key, handler)`);
 * - the client's RTK Query endpoints build their requests from the keys (src/api/routeRequest.ts,
 *   types only: the schemas stay out of the SPA's first load);
 * - the test backend (src/test/apiRoutes.ts, fakeBackend.ts) accepts these routes and these types only.
 * server/http/adminRoutes.test.ts compares this table with the server's registered routes both ways.
 * Adding a route: one entry here, then its handler (docs/CONTRIBUTING.md, "Adding an API route").
 */
import type { Paginated } from './api';
import type { ShopOrdersPage, Stats } from './analytics';
import { shopOrdersQuerySchema, statsQuerySchema } from './analytics.schema';
import type { BillingPlans, DiscountCheck, DowngradePreview, DowngradeResult, SelectPlanResponse } from './billing';
import {
  billingPlansQuerySchema,
  discountValidateSchema,
  selectPlanSchema,
  type SelectPlanBody,
} from './billing.schema';
import type { BoosterSettings, BoosterValues, CreatedCollection } from './booster';
import { boosterSchema, collectionCreateSchema } from './booster.schema';
import type { CatalogProduct, CatalogSyncState } from './catalog';
import { catalogQuerySchema } from './catalog.schema';
import type { ClaimFreeResponse, CreditPackage, Credits, PurchaseResponse, VerifyPurchaseResponse } from './credits';
import type { CustomerDataRequestView } from './customerDataRequests';
import type { Experiment, ExperimentCreateInput, ExperimentList, ExperimentUpdateInput } from './experiments';
import {
  experimentCreateSchema,
  experimentListQuerySchema,
  experimentParamsSchema,
  experimentUpdateSchema,
} from './experiments.schema';
import type { ExtensionCheck } from './extensionCheck';
import type { FunnelReport } from './funnel';
import type { Reconciliation } from './reconciliation';
import { funnelQuerySchema } from './funnel.schema';
import type { CreateGenerationResponse, ImageGeneration, ImageGenerationsPage } from './gallery';
import {
  createGenerationSchema,
  generationsQuerySchema,
  updateGenerationSchema,
  type CreateGenerationBody,
  type UpdateGenerationBody,
} from './gallery.schema';
import type { HotspotSuggestRequest, HotspotSuggestResponse } from './hotspots';
import type { LayoutSettings } from './layout';
import { layoutSettingsSchema } from './layout.schema';
import type {
  LookCreateResponse,
  LookDetailResponse,
  LookFormValues,
  LookListItem,
  LookMainProduct,
  LookMediaUploadResponse,
  LookUpdateResponse,
  SoldOutLooksResponse,
} from './looks';
import { lookFormSchema, lookListQuerySchema } from './looks.schema';
import { pathId, pathParams, stripUnknown, INT32_MAX } from './routeInput.schema';
import type { ApiTokenResponse, Onboarding, ShopContext, ShopSettings, TrackedEvent } from './shop';
import { shopSettingsSchema, trackEventSchema } from './shop.schema';
import { yup } from './validation';
import type { WebVitalsBatch, WebVitalsSummary } from './webVitals';
import { webVitalsBatchSchema, webVitalsSummaryQuerySchema } from './webVitals.schema';

/** An entry: its input schemas, and (types only) what a successful answer holds and what the client sends. */
export interface RouteEntry {
  params?: yup.ISchema<unknown>;
  querystring?: yup.ISchema<unknown>;
  body?: yup.ISchema<unknown>;
  /** Type marker of the answer (`void`: 204 without body). Never read at run time. */
  answer: unknown;
  /** Type marker of the client's body when it is not the body schema's type (a form's values, a file). */
  sends?: unknown;
}

/** Type markers: `answer: answer<Look>()` (no value at run time). */
export const answer = <T>() => undefined as T;
export const sends = <T>() => undefined as T;

/** A multipart upload, as the test backend records it (whatwg-fetch cannot read FormData back). */
export type Multipart = '[form data]';

export interface TrackedEventBody {
  name: TrackedEvent;
  distinctId: string;
  properties?: Record<string, unknown>;
}

// Path parameters: an invalid one names no resource (404 with the resource's own message).
const lookParams = pathParams({ id: pathId() }, 'Looks.errors.notFound');
const collectionParams = pathParams({ id: pathId() }, 'Booster.errors.collectionNotFound');
const generationParams = pathParams({ id: pathId() }, 'Generation.errors.notFound');
const packageParams = pathParams({ packageId: pathId() }, 'Credits.errors.packageNotFound');
/** The charge is the platform's id (digits) in shopify mode, a charges row's id standalone. */
const verifyParams = pathParams(
  {
    packageId: pathId(),
    chargeId: yup
      .string()
      .matches(/^\d{1,18}$/)
      .required(),
  },
  { packageId: 'Credits.errors.packageNotFound', chargeId: 'Credits.errors.chargeNotFound' },
);

export const ADMIN_ROUTES = {
  // Looks (SPEC §7). The form sends the stored look (id, title…): unknown keys are dropped.
  'GET /productLooks': { querystring: lookListQuerySchema, answer: answer<Paginated<LookListItem>>() },
  'GET /productLooks/discountDefaults': {
    querystring: yup.object({ productId: yup.string().trim().max(200).required() }),
    answer: answer<{ mainProduct: LookMainProduct }>(),
  },
  'GET /productLooks/soldOut': { answer: answer<SoldOutLooksResponse>() },
  'GET /productLooks/:id': { params: lookParams, answer: answer<LookDetailResponse>() },
  'POST /productLooks': {
    body: stripUnknown(lookFormSchema),
    sends: sends<LookFormValues>(),
    answer: answer<LookCreateResponse>(),
  },
  'PATCH /productLooks/:id': {
    params: lookParams,
    body: stripUnknown(lookFormSchema),
    sends: sends<LookFormValues>(),
    answer: answer<LookUpdateResponse>(),
  },
  'DELETE /productLooks/:id': { params: lookParams, answer: answer<void>() },
  /** One image file (multipart), read by the handler. */
  'POST /productLooks/media': { sends: sends<Multipart>(), answer: answer<LookMediaUploadResponse>() },
  'POST /productLooks/hotspots': {
    body: yup.object({
      imageUrl: yup.string().trim().max(2000).required(),
      products: yup
        .array(
          yup
            .object({
              productId: yup.string().trim().max(200).required(),
              title: yup.string().trim().max(255).default(''),
            })
            .required(),
        )
        .min(1)
        .max(20)
        .required(),
    }),
    sends: sends<HotspotSuggestRequest>(),
    answer: answer<HotspotSuggestResponse>(),
  },
  // Analytics
  'GET /stats': { querystring: statsQuerySchema, answer: answer<Stats>() },
  'GET /shopOrders': { querystring: shopOrdersQuerySchema, answer: answer<ShopOrdersPage>() },
  'GET /analytics/funnel': { querystring: funnelQuerySchema, answer: answer<FunnelReport>() },
  'GET /reconciliation': { answer: answer<Reconciliation>() },
  /** 202: the reconciliation is queued; the answer is the last run. 409 where no instance reconciles. */
  'POST /reconciliation': { answer: answer<Reconciliation>() },
  'GET /experiments': { querystring: experimentListQuerySchema, answer: answer<ExperimentList>() },
  'POST /experiments': {
    body: experimentCreateSchema,
    sends: sends<ExperimentCreateInput>(),
    answer: answer<Experiment>(),
  },
  'PATCH /experiments/:id': {
    params: experimentParamsSchema,
    body: experimentUpdateSchema,
    sends: sends<ExperimentUpdateInput>(),
    answer: answer<Experiment>(),
  },
  /** Applies a variant to the look and stops the test. */
  'POST /experiments/:id/apply': {
    params: experimentParamsSchema,
    body: yup.object({ variantId: yup.number().integer().min(1).max(INT32_MAX).required() }).noUnknown(),
    answer: answer<Experiment>(),
  },
  'POST /events': { body: trackEventSchema, sends: sends<TrackedEventBody>(), answer: answer<void>() },
  'POST /webVitals': { body: webVitalsBatchSchema, sends: sends<WebVitalsBatch>(), answer: answer<void>() },
  'GET /webVitals/summary': { querystring: webVitalsSummaryQuerySchema, answer: answer<WebVitalsSummary>() },
  // Shop
  'GET /shop/details': { answer: answer<ShopContext>() },
  'GET /shop': { answer: answer<ShopSettings>() },
  /** Any subset of the settings. */
  'PATCH /shop': {
    body: shopSettingsSchema.partial(),
    sends: sends<Partial<ShopSettings>>(),
    answer: answer<ShopSettings>(),
  },
  'POST /shop/apiToken': { answer: answer<ApiTokenResponse>() },
  'GET /shop/onboarding': { answer: answer<Onboarding>() },
  'GET /shop/extensionCheck': { answer: answer<ExtensionCheck>() },
  'GET /customerDataRequests': {
    querystring: yup.object({
      page: yup.number().integer().min(1).max(100000).default(1),
      limit: yup.number().integer().min(1).max(50).default(20),
    }),
    answer: answer<Paginated<CustomerDataRequestView>>(),
  },
  // Catalog
  'GET /catalog/products': { querystring: catalogQuerySchema, answer: answer<{ data: CatalogProduct[] }>() },
  'GET /catalog/sync': { answer: answer<CatalogSyncState>() },
  'POST /catalog/sync': { answer: answer<CatalogSyncState>() },
  // Billing. Unknown query keys of the plans (cache busters) are dropped.
  'GET /shop/billing-plans': { querystring: stripUnknown(billingPlansQuerySchema), answer: answer<BillingPlans>() },
  'GET /shop/downgrade/preview': { answer: answer<DowngradePreview>() },
  'POST /shop/select-plan': {
    body: selectPlanSchema,
    sends: sends<SelectPlanBody>(),
    answer: answer<SelectPlanResponse>(),
  },
  'POST /shop/downgrade': {
    querystring: yup.object({ planName: yup.string().max(40).optional() }),
    answer: answer<DowngradeResult>(),
  },
  'POST /discount/validate': { body: discountValidateSchema, answer: answer<DiscountCheck>() },
  // Booster. PATCH bodies send any subset of the settings.
  'GET /booster': { answer: answer<BoosterSettings>() },
  'PATCH /booster': { body: boosterSchema.partial(), sends: sends<BoosterValues>(), answer: answer<BoosterSettings>() },
  'POST /productLookCollections': { body: collectionCreateSchema, answer: answer<CreatedCollection>() },
  'DELETE /productLookCollections/:id': { params: collectionParams, answer: answer<void>() },
  // Layout
  'GET /layout': { answer: answer<LayoutSettings>() },
  'PATCH /layout': {
    body: layoutSettingsSchema.partial(),
    sends: sends<LayoutSettings>(),
    answer: answer<LayoutSettings>(),
  },
  /** Answers the widget HTML (text/html) for unsaved settings. */
  'POST /layout/preview': {
    body: layoutSettingsSchema.partial(),
    sends: sends<LayoutSettings>(),
    answer: answer<string>(),
  },
  // Gallery
  'GET /image-generations': { querystring: generationsQuerySchema, answer: answer<ImageGenerationsPage>() },
  'GET /image-generation/:id': { params: generationParams, answer: answer<ImageGeneration>() },
  /**
   * Server-sent events (text/event-stream, src/contracts/generationStream.ts), written by the handler to the
   * raw reply: no JSON answer. EventSource resumes with Last-Event-ID, or `lastEventId` in the query.
   */
  'GET /image-generation/:id/stream': {
    params: generationParams,
    querystring: yup.object({ lastEventId: yup.string().max(20).optional() }),
    answer: answer<void>(),
  },
  'POST /image-generation': {
    body: createGenerationSchema,
    sends: sends<CreateGenerationBody>(),
    answer: answer<CreateGenerationResponse>(),
  },
  'PUT /image-generation/:id': {
    params: generationParams,
    body: updateGenerationSchema,
    sends: sends<UpdateGenerationBody>(),
    answer: answer<ImageGeneration>(),
  },
  // Credits
  'GET /credits': { answer: answer<Credits>() },
  'GET /credits/packages': { answer: answer<CreditPackage[]>() },
  'POST /credits/purchase/:packageId': { params: packageParams, answer: answer<PurchaseResponse>() },
  'POST /credits/verify/:packageId/:chargeId': { params: verifyParams, answer: answer<VerifyPurchaseResponse>() },
  'POST /credits/claim-free': { answer: answer<ClaimFreeResponse>() },
} satisfies Record<string, RouteEntry>;

export type AdminRoutes = typeof ADMIN_ROUTES;
export type RouteKey = keyof AdminRoutes;

type Infer<S> = S extends yup.ISchema<infer T> ? T : never;

/** What a successful answer of the route holds (`void`: 204). */
export type AnswerOf<K extends RouteKey> = AdminRoutes[K]['answer'];
/** What the client sends: the `sends` marker, else the body schema's type, else nothing. */
export type BodyOf<K extends RouteKey> = AdminRoutes[K] extends { sends: infer B }
  ? B
  : AdminRoutes[K] extends { body: infer S }
    ? Infer<S>
    : void;
/** The body, query and path parameters as the server's handler reads them (validated and cast). */
export type ParsedBodyOf<K extends RouteKey> = AdminRoutes[K] extends { body: infer S } ? Infer<S> : unknown;
export type QueryOf<K extends RouteKey> = AdminRoutes[K] extends { querystring: infer S }
  ? Infer<S>
  : Record<string, never>;
export type ParamsOf<K extends RouteKey> = AdminRoutes[K] extends { params: infer S }
  ? Infer<S>
  : Record<string, never>;

/** The `:name`s of a route's path, from its key alone (the client builds URLs from the key). */
export type PathParamNames<K extends string> = K extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : K extends `${string}:${infer Name}`
    ? Name
    : never;
