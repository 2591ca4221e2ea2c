import { sql } from 'kysely';
import type { Db } from '../../db';
import { verifyWebhookHmac } from '../webhooks/hmac';
import { isFlowTriggerHandle } from '../../services/flow/flowTriggers';

/**
 * Shopify Flow's trigger lifecycle callback (extensions/flow-lifecycle): a POST, signed like a webhook
 * (X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw body with the app secret), whenever a shop
 * enables or disables a workflow that starts with one of the app's triggers:
 * `{ flow_trigger_definition_id, has_enabled_flow, shop_id, shopify_domain, timestamp }`.
 * Flow lets the merchant enable the workflow only after a 2xx answer, so a callback about a trigger
 * or shop the app does not know is answered 200 and recorded nowhere. A newer callback wins over an
 * older one arriving late (its `timestamp`).
 */
export interface LifecycleCallback {
  flow_trigger_definition_id?: unknown;
  has_enabled_flow?: unknown;
  shop_id?: unknown;
  shopify_domain?: unknown;
  timestamp?: unknown;
}

export type LifecycleOutcome =
  | { status: 200; recorded: boolean }
  | { status: 400; message: string }
  | { status: 401; message: string };

const DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export async function acceptTriggerLifecycle(
  db: Db,
  secret: string,
  rawBody: Buffer,
  hmac: string | undefined,
): Promise<LifecycleOutcome> {
  if (!verifyWebhookHmac(rawBody, hmac, secret)) return { status: 401, message: 'Unauthorized' };
  let body: LifecycleCallback;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as LifecycleCallback;
  } catch {
    return { status: 400, message: 'The body is not JSON' };
  }
  if (!body || typeof body !== 'object') return { status: 400, message: 'The body is not a lifecycle callback' };
  const { flow_trigger_definition_id: handle, has_enabled_flow: enabled, shopify_domain: domain, timestamp } = body;
  const at = typeof timestamp === 'string' ? new Date(timestamp) : null;
  if (
    typeof enabled !== 'boolean' ||
    typeof domain !== 'string' ||
    !at ||
    Number.isNaN(at.getTime()) ||
    typeof handle !== 'string'
  ) {
    return {
      status: 400,
      message: 'A lifecycle callback names the trigger, the shop, has_enabled_flow and its timestamp',
    };
  }
  if (!isFlowTriggerHandle(handle) || !DOMAIN.test(domain)) return { status: 200, recorded: false };
  const shop = await db.selectFrom('shops').select('id').where('domain', '=', domain).executeTakeFirst();
  if (!shop) return { status: 200, recorded: false };
  const written = await db
    .insertInto('flowTriggerUsage')
    .values({ shopId: shop.id, handle, enabled, changedAt: at })
    .onConflict((oc) =>
      oc
        .columns(['shopId', 'handle'])
        .doUpdateSet({ enabled, changedAt: at, updatedAt: sql`now()` })
        .where('flowTriggerUsage.changedAt', '<', at),
    )
    .returning('shopId')
    .executeTakeFirst();
  return { status: 200, recorded: !!written };
}
