import type { ChargeRow, PlatformBilling } from './charges';
import type { ShopRow } from '../shop/shops';
import { HttpError } from '../../http/errors';
import { PLAN_ERRORS } from '../../../src/contracts/billing';

/**
 * The shop's Admin GraphQL API (server/platform/adminApi.ts: token refresh, throttling, errors as
 * HTTP answers — 503 without an access token, 502 when the platform fails).
 */
export type AdminGraphql = <T>(shop: ShopRow, query: string, variables: Record<string, unknown>) => Promise<T>;

export type PlatformChargeStatus = 'pending' | 'active' | 'declined';

/** A charge as `currentAppInstallation` reports it. */
export interface InstallationCharge {
  id: string;
  name: string;
  status: string;
  test: boolean;
}

export interface ShopifyBilling extends Required<PlatformBilling> {
  status(shop: ShopRow, charge: ChargeRow): Promise<PlatformChargeStatus>;
  /** What the platform reports for the app's installation: its active subscriptions and its one-time purchases. */
  installation(
    shop: ShopRow,
  ): Promise<{ activeSubscriptions: InstallationCharge[]; oneTimePurchases: InstallationCharge[] }>;
  /** Cancels every subscription the platform reports active (`appSubscriptionCancel`); the ids cancelled. */
  cancelActiveSubscriptions(shop: ShopRow): Promise<string[]>;
}

export interface ShopifyBillingOptions {
  graphql: AdminGraphql;
  /** Test charges for every shop (true) or none (false); unset: for development stores only (`shop.plan.partnerDevelopment`). */
  test?: boolean;
}

/** SHOPIFY_BILLING_TEST: `1` test charges everywhere, `0` never; unset, the shop decides. */
export function billingTestOverride(value: string | undefined): boolean | undefined {
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return undefined;
}

/** App billing through the platform's Admin API (APP_MODE=shopify). */
export function platformBillingFor(
  admin: { graphql: AdminGraphql },
  env: NodeJS.ProcessEnv = process.env,
): ShopifyBilling {
  return createShopifyBilling({ graphql: admin.graphql, test: billingTestOverride(env.SHOPIFY_BILLING_TEST?.trim()) });
}

interface UserError {
  field?: string[] | null;
  message: string;
}

const SUBSCRIPTION_CREATE = `mutation AppSubscriptionCreate($name: String!, $returnUrl: URL!, $trialDays: Int, $test: Boolean, $lineItems: [AppSubscriptionLineItemInput!]!) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, trialDays: $trialDays, test: $test, lineItems: $lineItems) {
    appSubscription { id status }
    confirmationUrl
    userErrors { field message }
  }
}`;

const PURCHASE_CREATE = `mutation AppPurchaseOneTimeCreate($name: String!, $price: MoneyInput!, $returnUrl: URL!, $test: Boolean) {
  appPurchaseOneTimeCreate(name: $name, price: $price, returnUrl: $returnUrl, test: $test) {
    appPurchaseOneTime { id status }
    confirmationUrl
    userErrors { field message }
  }
}`;

const SUBSCRIPTION_CANCEL = `mutation AppSubscriptionCancel($id: ID!) {
  appSubscriptionCancel(id: $id) {
    appSubscription { id status }
    userErrors { field message }
  }
}`;

const CHARGE_STATUS = `query ChargeStatus($id: ID!) {
  node(id: $id) {
    ... on AppSubscription { id status }
    ... on AppPurchaseOneTime { id status }
  }
}`;

/** A development store's charges are test charges, so a reviewer's store never meets a real one. */
const SHOP_DEVELOPMENT = `query ShopDevelopment {
  shop { plan { partnerDevelopment } }
}`;

const INSTALLATION_BILLING = `query InstallationBilling {
  currentAppInstallation {
    activeSubscriptions { id name status test }
    oneTimePurchases(first: 50, sortKey: CREATED_AT, reverse: true) { nodes { id name status test } }
  }
}`;

/** App billing mutations and the charge status query. */
export function createShopifyBilling(options: ShopifyBillingOptions): ShopifyBilling {
  const graphql = options.graphql;

  async function isTest(shop: ShopRow): Promise<boolean> {
    if (options.test !== undefined) return options.test;
    const data = await graphql<{ shop: { plan: { partnerDevelopment: boolean } | null } }>(shop, SHOP_DEVELOPMENT, {});
    return data.shop.plan?.partnerDevelopment === true;
  }

  function checkUserErrors(errors: UserError[] | undefined) {
    if (errors?.length) throw new HttpError(422, errors.map((e) => e.message).join('; '), 'billing_rejected');
  }

  return {
    async create(shop, charge) {
      const test = await isTest(shop);
      if (charge.kind === 'subscription') {
        const discount = charge.discountPercentage ? Number(charge.discountPercentage) / 100 : 0;
        const data = await graphql<{
          appSubscriptionCreate: {
            appSubscription: { id: string } | null;
            confirmationUrl: string | null;
            userErrors: UserError[];
          };
        }>(shop, SUBSCRIPTION_CREATE, {
          name: charge.name,
          returnUrl: charge.returnUrl,
          trialDays: charge.trialDays,
          test,
          lineItems: [
            {
              plan: {
                appRecurringPricingDetails: {
                  price: { amount: Number(charge.amount), currencyCode: charge.currency },
                  interval: charge.interval ?? 'EVERY_30_DAYS',
                  ...(discount > 0 ? { discount: { value: { percentage: discount } } } : {}),
                },
              },
            },
          ],
        });
        const result = data.appSubscriptionCreate;
        checkUserErrors(result.userErrors);
        if (!result.appSubscription || !result.confirmationUrl)
          throw new HttpError(422, PLAN_ERRORS.noInvoice, 'no_invoice');
        return { platformChargeId: result.appSubscription.id, confirmationUrl: result.confirmationUrl };
      }
      const data = await graphql<{
        appPurchaseOneTimeCreate: {
          appPurchaseOneTime: { id: string } | null;
          confirmationUrl: string | null;
          userErrors: UserError[];
        };
      }>(shop, PURCHASE_CREATE, {
        name: charge.name,
        price: { amount: Number(charge.amount), currencyCode: charge.currency },
        returnUrl: charge.returnUrl,
        test,
      });
      const result = data.appPurchaseOneTimeCreate;
      checkUserErrors(result.userErrors);
      if (!result.appPurchaseOneTime || !result.confirmationUrl)
        throw new HttpError(422, PLAN_ERRORS.noInvoice, 'no_invoice');
      return { platformChargeId: result.appPurchaseOneTime.id, confirmationUrl: result.confirmationUrl };
    },

    async cancel(shop, charge) {
      // One-time purchases cannot be cancelled on the platform.
      if (charge.kind !== 'subscription' || !charge.platformChargeId) return;
      const data = await graphql<{ appSubscriptionCancel: { userErrors: UserError[] } }>(shop, SUBSCRIPTION_CANCEL, {
        id: charge.platformChargeId,
      });
      checkUserErrors(data.appSubscriptionCancel.userErrors);
    },

    async installation(shop) {
      const data = await graphql<{
        currentAppInstallation: {
          activeSubscriptions: InstallationCharge[];
          oneTimePurchases: { nodes: InstallationCharge[] };
        };
      }>(shop, INSTALLATION_BILLING, {});
      return {
        activeSubscriptions: data.currentAppInstallation.activeSubscriptions,
        oneTimePurchases: data.currentAppInstallation.oneTimePurchases.nodes,
      };
    },

    async cancelActiveSubscriptions(shop) {
      const { activeSubscriptions } = await this.installation(shop);
      const cancelled: string[] = [];
      for (const subscription of activeSubscriptions) {
        if (subscription.status !== 'ACTIVE') continue;
        const data = await graphql<{ appSubscriptionCancel: { userErrors: UserError[] } }>(shop, SUBSCRIPTION_CANCEL, {
          id: subscription.id,
        });
        checkUserErrors(data.appSubscriptionCancel.userErrors);
        cancelled.push(subscription.id);
      }
      return cancelled;
    },

    async status(shop, charge) {
      if (!charge.platformChargeId) return 'pending';
      const data = await graphql<{ node: { status?: string } | null }>(shop, CHARGE_STATUS, {
        id: charge.platformChargeId,
      });
      const status = data.node?.status;
      if (status === 'ACTIVE' || status === 'ACCEPTED') return 'active';
      if (status === 'PENDING' || !status) return 'pending';
      return 'declined';
    },
  };
}
