import type { OrderPayload } from '../../services/analytics/orders';
import { WebhookPayloadError } from './types';

/** Platform payloads are REST-shaped JSON objects. */
export function asObject(payload: unknown, what = 'payload'): Record<string, unknown> {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload))
    throw new WebhookPayloadError(`The ${what} is not an object`);
  return payload as Record<string, unknown>;
}

/** A platform id: a positive integer (number or digits) or a gid; as a string. */
export function platformId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^\d{1,20}$/.test(text)) return text;
    if (/^gid:\/\/shopify\/[A-Za-z]+\/\d{1,20}$/.test(text)) return text;
  }
  return null;
}

/** A list of platform ids (invalid entries are dropped, duplicates too). */
export function platformIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.map(platformId).filter((id): id is string => id !== null))];
}

/** The numeric part of a platform id ("1001" for 1001 or gid://shopify/Order/1001). */
export const numericId = (id: string) => id.replace(/^gid:\/\/shopify\/[A-Za-z]+\//, '');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text PostgreSQL can store in text and JSON columns: no NUL, no unpaired surrogate, bounded. */
export function cleanText(value: unknown, max = 1000): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value)
    .replace(/\u0000/g, '')
    .replace(LONE_SURROGATE, '\uFFFD')
    .slice(0, max);
}

/** The customer of a compliance payload: platform id and e-mail (either may be missing). */
export function customerOf(payload: Record<string, unknown>): { id: string | null; email: string | null } {
  const customer =
    payload.customer && typeof payload.customer === 'object' ? (payload.customer as Record<string, unknown>) : {};
  const id = platformId(customer.id);
  const email =
    typeof customer.email === 'string' && customer.email.trim()
      ? cleanText(customer.email.trim().toLowerCase(), 320)
      : null;
  if (!id && !email) throw new WebhookPayloadError('The customer is missing');
  return { id: id && numericId(id), email };
}

/** orders/create, orders/paid: the order needs its id; the rest is read leniently by the analytics service. */
export function parseOrder(payload: unknown): OrderPayload {
  const order = asObject(payload, 'order');
  if (
    (typeof order.id !== 'number' && typeof order.id !== 'string') ||
    String(order.id).trim() === '' ||
    String(order.id).length > 100
  ) {
    throw new WebhookPayloadError('Order id is missing');
  }
  if (order.line_items !== undefined && order.line_items !== null && !Array.isArray(order.line_items)) {
    throw new WebhookPayloadError('line_items is not a list');
  }
  return order as unknown as OrderPayload;
}

/** Strings (skipped) or integers too long for a JS number (16+ digits, not part of a decimal). */
const LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\d.])-?\d{16,}(?![\d.eE])/g;

/**
 * JSON.parse for platform payloads: ids of 16 digits and more (the platform's
 * sample payloads use 18-digit ids) become strings instead of rounded numbers.
 */
export function parsePayload(text: string): unknown {
  if (!text.trim()) return {};
  return JSON.parse(text.replace(LONG_INTEGER, (token) => (token.startsWith('"') ? token : `"${token}"`)));
}
