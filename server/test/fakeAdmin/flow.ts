import type { FakeAdminModule, FakeAdminModuleFactory } from './module';

/** A trigger Flow received. */
export interface FakeFlowTrigger {
  shop: string;
  handle: string;
  payload: Record<string, unknown>;
}

export interface FakeFlow extends FakeAdminModule {
  /** What `flowTriggerReceive` accepted, in order. */
  received(shop?: string): FakeFlowTrigger[];
  /** The trigger handles the app deployed (a `flowTriggerReceive` naming another one is refused). */
  deploy(handles: string[]): void;
}

/** Flow's limit of a trigger payload. */
export const MAX_PAYLOAD_BYTES = 50_000;

/**
 * Shopify Flow's side of the Admin API: `flowTriggerReceive(handle:, payload:) { userErrors { field message } }`.
 * As the platform does: a handle the app did not deploy, a missing or non-object payload, or one above
 * 50 KB answers a userError and starts nothing; `body` (the deprecated argument) is refused here so
 * the app cannot drift back to it.
 */
export const fakeFlow: FakeAdminModuleFactory = () => {
  const received: FakeFlowTrigger[] = [];
  let deployed = new Set<string>();

  function receive(shop: string, query: string, variables: Record<string, unknown>) {
    const handle = variables.handle;
    const payload = variables.payload;
    const error = (field: string, message: string) => ({
      flowTriggerReceive: { userErrors: [{ field: [field], message }] },
    });
    if (/\bbody\s*:/.test(query) || 'body' in variables)
      return error('body', 'body is deprecated: send handle and payload');
    if (typeof handle !== 'string' || !deployed.has(handle))
      return error('handle', `Could not find a trigger with handle ${String(handle)}`);
    if (!payload || typeof payload !== 'object' || Array.isArray(payload))
      return error('payload', 'payload must be a JSON object');
    if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES) return error('payload', 'Payload is too large');
    received.push({ shop, handle, payload: payload as Record<string, unknown> });
    return { flowTriggerReceive: { userErrors: [] } };
  }

  return {
    resolve(shop, query, variables) {
      if (!/\bflowTriggerReceive\s*\(/.test(query)) return null;
      return { requested: 10, answer: () => ({ actual: 10, data: receive(shop, query, variables) }) };
    },
    received: (shop) => received.filter((r) => !shop || r.shop === shop).map((r) => ({ ...r })),
    deploy(handles) {
      deployed = new Set(handles);
    },
  } satisfies FakeFlow;
};
