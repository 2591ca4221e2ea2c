/**
 * The app's Shopify Flow triggers (extensions/flow-*): their handles and the payload keys of their
 * fields, exactly as the extension tomls declare them (a test holds both equal). Flow names payload
 * keys after the field keys (letters and spaces); a `product_reference` field is sent as `product_id`,
 * the numeric product id.
 */
export const FLOW_TRIGGERS = {
  itemSoldOut: {
    handle: 'look-item-sold-out',
    keys: ['product_id', 'Look ID', 'Look title', 'Look admin URL'],
  },
  abTestDecided: {
    handle: 'look-ab-test-decided',
    keys: ['Look ID', 'Look title', 'Experiment ID', 'Winning variant', 'Winner is control', 'Winning conversion rate'],
  },
  conversionDropped: {
    handle: 'look-conversion-dropped',
    keys: ['Look ID', 'Look title', 'Conversion rate', 'Previous conversion rate', 'Drop percent', 'Threshold percent'],
  },
} as const;

export type FlowTriggerName = keyof typeof FLOW_TRIGGERS;
export type FlowTriggerHandle = (typeof FLOW_TRIGGERS)[FlowTriggerName]['handle'];

export const FLOW_TRIGGER_HANDLES: readonly string[] = Object.values(FLOW_TRIGGERS).map((t) => t.handle);

export const isFlowTriggerHandle = (value: unknown): value is FlowTriggerHandle =>
  typeof value === 'string' && FLOW_TRIGGER_HANDLES.includes(value);

/** Flow refuses payloads above 50 KB (flowTriggerReceive); ours are far smaller, a long look title is cut. */
export const MAX_TEXT_LENGTH = 255;

export const flowText = (value: string) =>
  value.length > MAX_TEXT_LENGTH ? `${value.slice(0, MAX_TEXT_LENGTH - 1)}…` : value;

/** A percentage for a number_decimal field, two decimals. */
export const flowPercent = (value: number) => Math.round(value * 100) / 100;

/** The numeric id of a platform gid (`gid://shopify/Product/123` → 123), as reference fields take it. */
export function numericId(gid: string): number | null {
  const tail = /(\d+)$/.exec(gid)?.[1];
  const n = tail ? Number(tail) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
