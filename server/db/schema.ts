/**
 * The whole database, composed from one table file per feature so features add
 * tables without touching each other's files.
 */
import type { FoundationTables } from './tables/foundation';
import type { LooksTables } from './tables/looks';
import type { StorefrontTables } from './tables/storefront';
import type { AnalyticsTables } from './tables/analytics';
import type { BillingTables } from './tables/billing';
import type { GalleryTables } from './tables/gallery';
import type { PlatformTables } from './tables/platform';
import type { WebhookTables } from './tables/webhooks';
import type { RateLimitTables } from './tables/rateLimits';
import type { WebVitalsTables } from './tables/webVitals';
import type { BundleDiscountTables } from './tables/bundleDiscounts';
import type { ChangeTables } from './tables/changes';
import type { FunnelTables } from './tables/funnel';
import type { ExperimentTables } from './tables/experiments';
import type { FlowTables } from './tables/flow';
import type { OrderReconciliationTables } from './tables/orderReconciliations';

export interface Database
  extends
    FoundationTables,
    LooksTables,
    StorefrontTables,
    AnalyticsTables,
    BillingTables,
    GalleryTables,
    PlatformTables,
    RateLimitTables,
    WebhookTables,
    WebVitalsTables,
    BundleDiscountTables,
    ChangeTables,
    FunnelTables,
    ExperimentTables,
    FlowTables,
    OrderReconciliationTables {}
