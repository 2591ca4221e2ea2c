import { asObject, platformId } from '../payloads';
import { WebhookPayloadError, type WebhookHandler } from '../types';
import { applySubscriptionUpdate, type SubscriptionUpdate } from '../../../services/billing/subscriptionUpdates';

/**
 * app_subscriptions/update (`{ app_subscription: { admin_graphql_api_id, status, … } }`): a subscription
 * cancelled, declined, frozen or expired outside the app ends the shop's paid plan at once; a
 * reactivated one brings it back (services/billing/subscriptionUpdates.ts).
 */
export const appSubscriptionsUpdate: WebhookHandler<SubscriptionUpdate> = {
  topic: 'app_subscriptions/update',
  parse(payload) {
    const subscription = asObject(asObject(payload).app_subscription, 'app_subscription');
    const id = platformId(subscription.admin_graphql_api_id);
    if (!id || !id.startsWith('gid://shopify/AppSubscription/'))
      throw new WebhookPayloadError('admin_graphql_api_id is not a subscription id');
    if (typeof subscription.status !== 'string' || !/^[A-Za-z_]{1,40}$/.test(subscription.status))
      throw new WebhookPayloadError('status is missing');
    return { id, status: subscription.status.toUpperCase() };
  },
  async handle({ db, shop, log }, update) {
    const outcome = await applySubscriptionUpdate({ db, now: () => new Date() }, shop.id, update);
    if (outcome !== 'unchanged')
      log.info(
        { shop: shop.domain, subscription: update.id, status: update.status },
        `plan ${outcome} by the platform`,
      );
  },
};
