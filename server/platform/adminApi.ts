import { GraphqlQueryError, HttpResponseError, Session } from '@shopify/shopify-api';
import { HttpError } from '../http/errors';
import { NoAccessTokenError, TokenExchangeError, TokenUnreadableError, type AccessTokens } from './accessTokens';
import { sessionTokenOf } from './requestSession';
import { platformCall } from './shopifyApi';
import type { PlatformContext, ShopRef } from './context';
import { observeAdminApiThrottleWait } from '../ops/metrics';

/** extensions.cost of an Admin GraphQL answer (cost-based rate limit). */
export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost?: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

export interface AdminResponse<T> {
  data: T;
  cost?: QueryCost;
}

/** A failed Admin API call, as an HTTP answer when it happens inside a request. */
export class AdminApiError extends HttpError {
  constructor(
    status: number,
    message: string,
    code: string,
    /** GraphQL error codes of the answer (e.g. MAX_COST_EXCEEDED). */
    readonly graphqlCodes: string[] = [],
    readonly detail?: string,
  ) {
    super(status, message, code);
  }
}

export const MAX_THROTTLE_RETRIES = 5;
/** The longest back-off on THROTTLED (a bucket refills in seconds; anything longer is a bad answer). */
export const MAX_THROTTLE_WAIT_MS = 60_000;

/** How long until the bucket holds `cost` points: (cost − available) / restoreRate seconds. */
export function throttleWaitMs(cost: QueryCost | undefined, needed = cost?.requestedQueryCost ?? 0): number {
  const status = cost?.throttleStatus;
  if (!status || !(status.restoreRate > 0)) return 1000;
  const missing = Math.max(0, needed - status.currentlyAvailable);
  return Math.min(MAX_THROTTLE_WAIT_MS, Math.ceil((missing / status.restoreRate) * 1000));
}

export interface AdminApi {
  request<T>(shop: ShopRef, query: string, variables?: Record<string, unknown>): Promise<AdminResponse<T>>;
  graphql<T>(shop: ShopRef, query: string, variables?: Record<string, unknown>): Promise<T>;
}

const graphqlErrorsOf = (error: GraphqlQueryError): Array<{ message?: string; extensions?: { code?: string } }> =>
  (error.body?.errors?.graphQLErrors as Array<{ message?: string; extensions?: { code?: string } }>) ?? [];

/**
 * The shop's Admin GraphQL API through the library's client: the token comes from the token store
 * (refreshed before expiry), a 401 refreshes once and retries — inside an admin request whose pair
 * cannot be refreshed, it exchanges that request's session token instead (the official strategy) —
 * THROTTLED waits for the bucket (extensions.cost.throttleStatus) and retries.
 */
export function createAdminApi(ctx: PlatformContext, tokens: AccessTokens): AdminApi {
  const { shopify, config } = ctx;

  async function send<T>(shop: ShopRef, token: string, query: string, variables?: Record<string, unknown>) {
    const session = new Session({
      id: `offline_${shop.domain}`,
      shop: shop.domain,
      state: '',
      isOnline: false,
      accessToken: token,
    });
    const client = new shopify.clients.Graphql({ session });
    const response = await platformCall(config.adminApiBaseUrl, () => client.request<T>(query, { variables }));
    return { data: response.data as T, cost: (response.extensions as { cost?: QueryCost } | undefined)?.cost };
  }

  async function request<T>(
    shop: ShopRef,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<AdminResponse<T>> {
    let token: string;
    try {
      token = await tokens.accessToken(shop);
    } catch (error) {
      throw toAdminError(error);
    }
    let refreshed = false;
    let throttled = 0;
    for (;;) {
      try {
        return await send<T>(shop, token, query, variables);
      } catch (error) {
        if (error instanceof HttpResponseError && error.response.code === 401 && !refreshed) {
          refreshed = true;
          try {
            token = await tokens.refresh(shop, token);
          } catch (refreshError) {
            const sessionToken = sessionTokenOf(shop);
            if (!(refreshError instanceof NoAccessTokenError) || !sessionToken) throw toAdminError(refreshError);
            try {
              token = await tokens.reexchange(shop, sessionToken, token);
            } catch (exchangeError) {
              throw toAdminError(exchangeError);
            }
          }
          continue;
        }
        if (
          error instanceof GraphqlQueryError &&
          graphqlErrorsOf(error).some((e) => e.extensions?.code === 'THROTTLED') &&
          throttled < MAX_THROTTLE_RETRIES
        ) {
          throttled += 1;
          const cost = (error.body?.extensions as { cost?: QueryCost } | undefined)?.cost;
          const waitMs = throttleWaitMs(cost);
          observeAdminApiThrottleWait(waitMs);
          await ctx.sleep(waitMs);
          continue;
        }
        throw toAdminError(error);
      }
    }
  }

  return {
    request,
    async graphql<T>(shop: ShopRef, query: string, variables?: Record<string, unknown>) {
      return (await request<T>(shop, query, variables)).data;
    },
  };
}

function toAdminError(error: unknown): AdminApiError {
  if (error instanceof AdminApiError) return error;
  // No usable pair, and (inside a request) the platform refused to exchange a new one: the merchant reconnects from the admin.
  if (
    error instanceof NoAccessTokenError ||
    error instanceof TokenUnreadableError ||
    error instanceof TokenExchangeError
  ) {
    return new AdminApiError(503, 'platform.noAccessToken', 'no_access_token', [], error.message);
  }
  if (error instanceof GraphqlQueryError) {
    const errors = graphqlErrorsOf(error);
    const codes = errors.map((e) => e.extensions?.code).filter((c): c is string => !!c);
    return new AdminApiError(
      502,
      'platform.failed',
      'platform_failed',
      codes,
      errors.map((e) => e.message).join('; ') || error.message,
    );
  }
  if (error instanceof HttpResponseError) {
    const status = error.response.code === 401 ? 503 : 502;
    return new AdminApiError(
      status,
      status === 503 ? 'platform.noAccessToken' : 'platform.failed',
      status === 503 ? 'no_access_token' : 'platform_failed',
      [],
      error.message,
    );
  }
  return new AdminApiError(502, 'platform.unreachable', 'platform_unreachable', [], (error as Error)?.message);
}
