import type { FakeAdminModule, FakeAdminModuleFactory, FakeResolution } from './module';

/** A shop-specific webhook subscription as the stand-in keeps it. */
export interface FakeWebhookSubscription {
  id: string;
  topic: string;
  uri: string;
  format: string;
  includeFields: string[];
}

export interface FakeWebhookSubscriptions extends FakeAdminModule {
  /** The shop's subscriptions (made by the app through the Admin API). */
  subscriptionsOf(shop: string): FakeWebhookSubscription[];
  /** Whether the app's protected customer data request is approved (default: not yet). */
  setProtectedCustomerDataApproved(approved: boolean): void;
  /** Adds a subscription directly (e.g. one made earlier with another URI). */
  seed(shop: string, subscription: Omit<FakeWebhookSubscription, 'id'>): FakeWebhookSubscription;
}

/** Topics whose payloads hold protected customer data (the platform refuses them until the request is approved). */
const PROTECTED_TOPIC =
  /^(ORDERS|ORDER_TRANSACTIONS|REFUNDS|CUSTOMERS|CUSTOMER_|DRAFT_ORDERS|CHECKOUTS|FULFILLMENTS|FULFILLMENT_ORDERS)/;
const TOPIC = /^[A-Z][A-Z0-9_]*$/;
const NOT_APPROVED =
  'This app is not approved to subscribe to webhook topics containing protected customer data. See https://shopify.dev/docs/apps/launch/protected-customer-data for more details.';

const idOf = (n: number) => `gid://shopify/WebhookSubscription/${n}`;

/**
 * Shop-specific webhook subscriptions, in the Admin GraphQL API's wire format:
 * - `webhookSubscriptions(first:, topics:) { nodes { id topic uri format includeFields } }`;
 * - `webhookSubscriptionCreate(topic:, webhookSubscription: { uri, format, includeFields })` and
 *   `webhookSubscriptionUpdate(id:, webhookSubscription:)` → `{ webhookSubscription, userErrors { field message } }`.
 * As the platform does: a protected topic (orders, customers …) while the app's protected customer
 * data request is not approved answers the userError "This app is not approved …"; a second
 * subscription of a topic to the same address answers "Address for this topic has already been
 * taken"; a URI that is not an absolute https URL is refused.
 */
export const fakeWebhookSubscriptions: FakeAdminModuleFactory = () => {
  const byShop = new Map<string, FakeWebhookSubscription[]>();
  let approved = false;
  let next = 1;
  const of = (shop: string) => {
    let list = byShop.get(shop);
    if (!list) byShop.set(shop, (list = []));
    return list;
  };

  function input(variables: Record<string, unknown>) {
    const raw = (variables.webhookSubscription ?? {}) as Record<string, unknown>;
    return {
      uri: typeof raw.uri === 'string' ? raw.uri : '',
      format: typeof raw.format === 'string' ? raw.format : 'JSON',
      includeFields: Array.isArray(raw.includeFields) ? raw.includeFields.map(String) : [],
    };
  }

  function validate(
    shop: string,
    topic: string,
    uri: string,
    except?: string,
  ): Array<{ field: string[]; message: string }> {
    if (!TOPIC.test(topic)) return [{ field: ['topic'], message: `Topic ${topic} is not a WebhookSubscriptionTopic` }];
    if (!/^https:\/\/[^/\s]+\/\S*$/.test(uri))
      return [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }];
    if (PROTECTED_TOPIC.test(topic) && !approved) return [{ field: ['webhookSubscription'], message: NOT_APPROVED }];
    if (of(shop).some((s) => s.topic === topic && s.uri === uri && s.id !== except))
      return [{ field: ['webhookSubscription', 'uri'], message: 'Address for this topic has already been taken' }];
    return [];
  }

  function create(shop: string, variables: Record<string, unknown>) {
    const topic = String(variables.topic ?? '');
    const fields = input(variables);
    const userErrors = validate(shop, topic, fields.uri);
    if (userErrors.length) return { webhookSubscriptionCreate: { webhookSubscription: null, userErrors } };
    const subscription = { id: idOf(next++), topic, ...fields };
    of(shop).push(subscription);
    return { webhookSubscriptionCreate: { webhookSubscription: { ...subscription }, userErrors: [] } };
  }

  function update(shop: string, variables: Record<string, unknown>) {
    const found = of(shop).find((s) => s.id === variables.id);
    if (!found)
      return {
        webhookSubscriptionUpdate: {
          webhookSubscription: null,
          userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
        },
      };
    const fields = input(variables);
    const userErrors = validate(shop, found.topic, fields.uri, found.id);
    if (userErrors.length) return { webhookSubscriptionUpdate: { webhookSubscription: null, userErrors } };
    Object.assign(found, fields);
    return { webhookSubscriptionUpdate: { webhookSubscription: { ...found }, userErrors: [] } };
  }

  function list(shop: string, variables: Record<string, unknown>) {
    const topics = Array.isArray(variables.topics) ? variables.topics.map(String) : null;
    const first = Math.max(1, Math.min(250, Number(variables.first ?? 50)));
    const nodes = of(shop)
      .filter((s) => !topics || topics.includes(s.topic))
      .slice(0, first)
      .map((s) => ({ ...s }));
    return { webhookSubscriptions: { nodes } };
  }

  function resolve(shop: string, query: string, variables: Record<string, unknown>): FakeResolution | null {
    if (/\bwebhookSubscriptionCreate\s*\(/.test(query))
      return { requested: 10, answer: () => ({ actual: 10, data: create(shop, variables) }) };
    if (/\bwebhookSubscriptionUpdate\s*\(/.test(query))
      return { requested: 10, answer: () => ({ actual: 10, data: update(shop, variables) }) };
    if (/\bwebhookSubscriptions\s*\(/.test(query))
      return { requested: 12, answer: () => ({ actual: 2 + of(shop).length, data: list(shop, variables) }) };
    return null;
  }

  return {
    resolve,
    subscriptionsOf: (shop) => of(shop).map((s) => ({ ...s })),
    setProtectedCustomerDataApproved(value) {
      approved = value;
    },
    seed(shop, subscription) {
      const made = { id: idOf(next++), ...subscription };
      of(shop).push(made);
      return { ...made };
    },
  } satisfies FakeWebhookSubscriptions;
};
