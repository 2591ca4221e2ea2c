import { AdminApiError, type AdminApi } from './adminApi';
import type { PlatformContext, ShopRef } from './context';
import { installedShopsWithToken } from './installedShops';

/**
 * orders/create, orders/paid, orders/cancelled and refunds/create, subscribed per shop through the Admin API instead of in
 * shopify.app.toml. Order topics carry protected customer data: `shopify app deploy` refuses a
 * version whose toml subscribes them until the app's protected customer data request is approved,
 * so with them in the toml the first deploy fails. Per shop, the platform answers the same refusal
 * as a userError of webhookSubscriptionCreate (or ACCESS_DENIED), and the app carries on without
 * them: looks, the storefront and its funnel need no order; only the revenue attributed to looks
 * waits (README, "Protected customer data").
 *
 * When: on every install (token exchange), and a sweep every SWEEP_MINUTES over the installed shops
 * not yet known subscribed (the approval arrives on no webhook): a cron job of the job engine
 * (queue `orders.subscribe`), sent and run by one instance of the cluster. Idempotent: the shop's subscriptions are read first; a missing one is
 * created, one with another address or other fields (the app moved) is updated.
 *
 * The payload is cut to the fields the app reads (services/analytics/orders.ts, OrderPayload):
 * no customer, no addresses, no contact details reach the app.
 */
export const ORDER_WEBHOOK_TOPICS = ['ORDERS_CREATE', 'ORDERS_PAID', 'ORDERS_CANCELLED', 'REFUNDS_CREATE'] as const;

/**
 * The order fields recordOrder/markOrderPaid read; `client_details` only for the device class (mobile/desktop);
 * `total_price_set` for the total in the shop's currency (shop_money) when the buyer paid in another one.
 */
export const ORDER_INCLUDE_FIELDS = [
  'id',
  'name',
  'order_number',
  'total_price',
  'total_price_set',
  'currency',
  'created_at',
  'financial_status',
  'line_items',
  'client_details',
] as const;

/**
 * What each topic delivers: the order fields above for orders/create and orders/paid; the order id
 * for orders/cancelled; for refunds/create the refund, its order and its lines (each with its line
 * item, whose `_look_id` property names the look, and `subtotal_set` in the shop's currency).
 */
export const INCLUDE_FIELDS: Record<(typeof ORDER_WEBHOOK_TOPICS)[number], readonly string[]> = {
  ORDERS_CREATE: ORDER_INCLUDE_FIELDS,
  ORDERS_PAID: ORDER_INCLUDE_FIELDS,
  ORDERS_CANCELLED: ['id'],
  REFUNDS_CREATE: ['id', 'order_id', 'refund_line_items'],
};

/** The path the server receives every webhook on (server/routes/webhooks.ts WEBHOOKS_PATH; a test keeps them equal). */
export const WEBHOOKS_URI_PATH = '/api/webhooks';

export const SWEEP_MINUTES = 6 * 60;
export const ORDER_WEBHOOKS_QUEUE = 'orders.subscribe';

/** The sweep's cron expression: every SWEEP_MINUTES (6 hours), on the hour. */
export const sweepCron = () => `0 */${SWEEP_MINUTES / 60} * * *`;
/** A shop found subscribed is looked at again after this long (a reinstall subscribes on its own). */
export const KNOWN_SUBSCRIBED_MS = 24 * 60 * 60_000;

/** subscribed: both topics deliver to this app; awaiting_access: the protected customer data request is not approved (yet). */
export type OrderWebhooksState = 'subscribed' | 'awaiting_access';

export const ORDER_SUBSCRIPTIONS_QUERY = `query OrderWebhookSubscriptions($topics: [WebhookSubscriptionTopic!]) {
  webhookSubscriptions(first: 10, topics: $topics) {
    nodes { id topic uri includeFields }
  }
}`;

export const CREATE_SUBSCRIPTION = `mutation OrderWebhookCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

export const UPDATE_SUBSCRIPTION = `mutation OrderWebhookUpdate($id: ID!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionUpdate(id: $id, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

interface SubscriptionNode {
  id: string;
  topic: string;
  uri: string | null;
  includeFields: string[] | null;
}
interface UserError {
  field: string[] | null;
  message: string;
}
type MutationAnswer = Record<string, { webhookSubscription: { id: string } | null; userErrors: UserError[] }>;

/** The platform's refusal of a protected topic (userError text; ACCESS_DENIED as a GraphQL error). */
const NOT_APPROVED = /protected customer data/i;
/** A concurrent subscribe (another instance) got there first: the subscription exists. */
const ALREADY_TAKEN = /already been taken/i;

export class OrderWebhooksError extends Error {}

export interface OrderWebhooks {
  /** Subscribes the shop's order topics (or finds them subscribed). Throws on anything but a refusal for want of access. */
  ensure(shop: ShopRef): Promise<OrderWebhooksState>;
  /** One sweep over the installed shops not known subscribed (the cron job's work); resolves each shop's state. */
  runOnce(): Promise<Map<number, OrderWebhooksState>>;
  /** Ends a running sweep between shops and waits for it. */
  stop(): Promise<void>;
}

const sameFields = (a: readonly string[] | null, b: readonly string[]) =>
  !!a && a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function createOrderWebhooks(ctx: PlatformContext, admin: AdminApi): OrderWebhooks {
  const { db } = ctx;
  const knownSubscribed = new Map<number, number>();
  let sweep: Promise<Map<number, OrderWebhooksState>> | undefined;
  let stopped = false;

  const uri = () => `${ctx.config.appUrl}${WEBHOOKS_URI_PATH}`;
  const input = (topic: (typeof ORDER_WEBHOOK_TOPICS)[number]) => ({
    uri: uri(),
    format: 'JSON',
    includeFields: [...INCLUDE_FIELDS[topic]],
  });

  /** The mutation's outcome: done, refused for want of access, or an error to report. */
  async function mutate(
    shop: ShopRef,
    document: string,
    name: string,
    variables: Record<string, unknown>,
  ): Promise<'done' | 'awaiting_access'> {
    const answer = (await admin.graphql<MutationAnswer>(shop, document, variables))[name];
    const errors = answer?.userErrors ?? [];
    if (!errors.length && answer?.webhookSubscription) return 'done';
    if (errors.some((e) => NOT_APPROVED.test(e.message))) return 'awaiting_access';
    if (errors.length && errors.every((e) => ALREADY_TAKEN.test(e.message))) return 'done';
    throw new OrderWebhooksError(
      `${name} for ${shop.domain}: ${errors.map((e) => e.message).join('; ') || 'no subscription in the answer'}`,
    );
  }

  async function subscribe(shop: ShopRef): Promise<OrderWebhooksState> {
    const { webhookSubscriptions } = await admin.graphql<{ webhookSubscriptions: { nodes: SubscriptionNode[] } }>(
      shop,
      ORDER_SUBSCRIPTIONS_QUERY,
      {
        topics: [...ORDER_WEBHOOK_TOPICS],
      },
    );
    const existing = webhookSubscriptions?.nodes ?? [];
    let state: OrderWebhooksState = 'subscribed';
    for (const topic of ORDER_WEBHOOK_TOPICS) {
      const mine = existing.filter((s) => s.topic === topic);
      if (mine.some((s) => s.uri === uri() && sameFields(s.includeFields, INCLUDE_FIELDS[topic]))) continue;
      const outcome = mine.length
        ? await mutate(shop, UPDATE_SUBSCRIPTION, 'webhookSubscriptionUpdate', {
            id: mine[0].id,
            webhookSubscription: input(topic),
          })
        : await mutate(shop, CREATE_SUBSCRIPTION, 'webhookSubscriptionCreate', {
            topic,
            webhookSubscription: input(topic),
          });
      if (outcome === 'awaiting_access') state = 'awaiting_access';
    }
    return state;
  }

  async function ensure(shop: ShopRef): Promise<OrderWebhooksState> {
    let state: OrderWebhooksState;
    try {
      state = await subscribe(shop);
    } catch (error) {
      if (!(error instanceof AdminApiError && error.graphqlCodes.includes('ACCESS_DENIED'))) throw error;
      state = 'awaiting_access';
    }
    if (state === 'subscribed') knownSubscribed.set(shop.id, ctx.now().getTime());
    else {
      knownSubscribed.delete(shop.id);
      ctx.log(
        'info',
        `orders/create and orders/paid of ${shop.domain} wait for the app's protected customer data access; looks, storefront and funnel work meanwhile`,
      );
    }
    return state;
  }

  async function sweepOnce(): Promise<Map<number, OrderWebhooksState>> {
    const states = new Map<number, OrderWebhooksState>();
    if (stopped) return states;
    const shops = await installedShopsWithToken(db);
    const now = ctx.now().getTime();
    for (const shop of shops) {
      if (now - (knownSubscribed.get(shop.id) ?? -Infinity) < KNOWN_SUBSCRIBED_MS) continue;
      if (stopped) break;
      try {
        states.set(shop.id, await ensure(shop));
      } catch (error) {
        ctx.log(
          'warn',
          `order webhooks of ${shop.domain} left for the next sweep: ${(error as Error)?.message ?? String(error)}`,
        );
      }
    }
    return states;
  }

  const orderWebhooks: OrderWebhooks = {
    ensure,
    runOnce() {
      if (!sweep) sweep = sweepOnce().finally(() => (sweep = undefined));
      return sweep;
    },
    async stop() {
      stopped = true;
      await sweep?.catch(() => undefined);
    },
  };
  return orderWebhooks;
}
