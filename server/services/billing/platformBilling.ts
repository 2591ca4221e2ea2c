import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Config } from '../../config';
import type { ChargeRow, PlatformBilling } from './charges';
import type { ShopRow } from '../shop/shops';
import { HttpError } from '../../http/errors';
import { PLAN_ERRORS } from '../../../src/contracts/billing';

export const ADMIN_API_VERSION = '2025-07';

/** The shop's offline Admin API access token (stored by the OAuth flow). */
export type AccessTokenProvider = (shop: ShopRow) => Promise<string | undefined>;

export type PlatformChargeStatus = 'pending' | 'active' | 'declined';

export interface ShopifyBilling extends Required<PlatformBilling> {
  status(shop: ShopRow, charge: ChargeRow): Promise<PlatformChargeStatus>;
}

export interface ShopifyBillingOptions {
  /** e.g. http://127.0.0.1:4000 (a fake in tests); default https://{shop}/admin/api/{version}. */
  baseUrl?: string;
  accessToken: AccessTokenProvider;
  /** Test charges (development stores). */
  test?: boolean;
  fetch?: typeof fetch;
}

/**
 * Reads the offline token the OAuth install stores in the foundation's
 * oauth_sessions (shop_id, access_token). Raw SQL so billing does not depend
 * on that table's types; with no row (or no table) billing answers 503.
 */
export function oauthSessionAccessToken(db: Db): AccessTokenProvider {
  return async (shop) => {
    try {
      const result = await sql<{ accessToken: string }>`select access_token as "accessToken" from oauth_sessions where shop_id = ${shop.id} order by updated_at desc limit 1`.execute(db);
      return result.rows[0]?.accessToken;
    } catch {
      return undefined;
    }
  };
}

let accessTokenOverride: AccessTokenProvider | null = null;
/** Tests (and a future OAuth module) plug the token lookup in here. */
export function setAccessTokenProvider(provider: AccessTokenProvider | null): void {
  accessTokenOverride = provider;
}

export function platformBillingFor(config: Config, db: Db): ShopifyBilling {
  return createShopifyBilling({
    baseUrl: config.adminApiBaseUrl,
    accessToken: (shop) => (accessTokenOverride ?? oauthSessionAccessToken(db))(shop),
    test: process.env.SHOPIFY_BILLING_TEST === '1',
  });
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

/** A small Admin GraphQL client for app billing. */
export function createShopifyBilling(options: ShopifyBillingOptions): ShopifyBilling {
  const doFetch = options.fetch ?? fetch;

  async function graphql<T>(shop: ShopRow, query: string, variables: Record<string, unknown>): Promise<T> {
    const token = await options.accessToken(shop);
    if (!token) throw new HttpError(503, 'Billing is unavailable: the shop has no Admin API access token');
    const base = (options.baseUrl ?? `https://${shop.domain}/admin/api/${ADMIN_API_VERSION}`).replace(/\/$/, '');
    let response: Response;
    try {
      response = await doFetch(`${base}/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new HttpError(502, 'The billing service could not be reached');
    }
    const body = (await response.json().catch(() => null)) as { data?: T; errors?: Array<{ message: string }> } | null;
    if (!response.ok || !body?.data) {
      throw new HttpError(502, body?.errors?.[0]?.message ?? `The billing service answered ${response.status}`);
    }
    return body.data;
  }

  function checkUserErrors(errors: UserError[] | undefined) {
    if (errors?.length) throw new HttpError(422, errors.map((e) => e.message).join('; '), 'billing_rejected');
  }

  return {
    async create(shop, charge) {
      if (charge.kind === 'subscription') {
        const discount = charge.discountPercentage ? Number(charge.discountPercentage) / 100 : 0;
        const data = await graphql<{
          appSubscriptionCreate: { appSubscription: { id: string } | null; confirmationUrl: string | null; userErrors: UserError[] };
        }>(shop, SUBSCRIPTION_CREATE, {
          name: charge.name,
          returnUrl: charge.returnUrl,
          trialDays: charge.trialDays,
          test: !!options.test,
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
        if (!result.appSubscription || !result.confirmationUrl) throw new HttpError(422, PLAN_ERRORS.noInvoice, 'no_invoice');
        return { platformChargeId: result.appSubscription.id, confirmationUrl: result.confirmationUrl };
      }
      const data = await graphql<{
        appPurchaseOneTimeCreate: { appPurchaseOneTime: { id: string } | null; confirmationUrl: string | null; userErrors: UserError[] };
      }>(shop, PURCHASE_CREATE, {
        name: charge.name,
        price: { amount: Number(charge.amount), currencyCode: charge.currency },
        returnUrl: charge.returnUrl,
        test: !!options.test,
      });
      const result = data.appPurchaseOneTimeCreate;
      checkUserErrors(result.userErrors);
      if (!result.appPurchaseOneTime || !result.confirmationUrl) throw new HttpError(422, PLAN_ERRORS.noInvoice, 'no_invoice');
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

    async status(shop, charge) {
      if (!charge.platformChargeId) return 'pending';
      const data = await graphql<{ node: { status?: string } | null }>(shop, CHARGE_STATUS, { id: charge.platformChargeId });
      const status = data.node?.status;
      if (status === 'ACTIVE' || status === 'ACCEPTED') return 'active';
      if (status === 'PENDING' || !status) return 'pending';
      return 'declined';
    },
  };
}
