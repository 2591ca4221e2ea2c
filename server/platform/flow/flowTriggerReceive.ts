import type { AdminApi } from '../adminApi';
import type { PlatformContext, ShopRef } from '../context';
import { flowTriggerInUse } from '../../services/flow/flowEvents';

/**
 * Sends one Shopify Flow trigger: the Admin API mutation `flowTriggerReceive(handle:, payload:)`
 * (the trigger extension's handle and a JSON payload keyed by its fields; `body` is deprecated), the
 * `flow.trigger` job's work. A shop that disabled its workflows since the job was queued is skipped.
 * userErrors (a handle the app did not deploy, a payload Flow refuses) are permanent: reported, not
 * retried; a transport or throttling failure throws, and the job engine retries it.
 */
export const FLOW_TRIGGER_RECEIVE = `mutation FlowTriggerReceive($handle: String, $payload: JSON) {
  flowTriggerReceive(handle: $handle, payload: $payload) {
    userErrors { field message }
  }
}`;

interface ReceiveAnswer {
  flowTriggerReceive: { userErrors: Array<{ field: string[] | null; message: string }> } | null;
}

export type FlowSendResult = 'sent' | 'not_in_use' | 'refused';

export async function sendFlowTrigger(
  ctx: PlatformContext,
  admin: AdminApi,
  shop: ShopRef,
  handle: string,
  payload: Record<string, unknown>,
): Promise<FlowSendResult> {
  if (!(await flowTriggerInUse(ctx.db, shop.id, handle))) return 'not_in_use';
  const answer = await admin.graphql<ReceiveAnswer>(shop, FLOW_TRIGGER_RECEIVE, { handle, payload });
  const errors = answer.flowTriggerReceive?.userErrors ?? [];
  if (errors.length) {
    ctx.log('warn', `Flow refused trigger ${handle} of ${shop.domain}: ${errors.map((e) => e.message).join('; ')}`);
    return 'refused';
  }
  return 'sent';
}
