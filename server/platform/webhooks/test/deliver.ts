import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from '../../../test/testApp';
import { signWebhook } from '../hmac';

export interface DeliverOptions {
  shop?: string;
  /** Sign with another secret. */
  secret?: string;
  /** The signature header as given (null: none). */
  hmac?: string | null;
  /** The exact body bytes (default: JSON of the body). */
  raw?: string;
  /** X-Shopify-Event-Id (default: a new one; null: none). */
  eventId?: string | null;
  /** X-Shopify-Webhook-Id (default: a new one; null: none). */
  webhookId?: string | null;
  /** Wait for the work after the answer (default true). */
  settle?: boolean;
}

/** One platform delivery to POST /api/webhooks, signed as the platform signs it; waits for the work after the answer. */
export async function deliver(t: TestApp, topic: string, body: unknown, opts: DeliverOptions = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-shopify-api-version': '2026-10' };
  if (topic) headers['x-shopify-topic'] = topic;
  if (opts.shop !== '') headers['x-shopify-shop-domain'] = opts.shop ?? 'hooks.myshopify.com';
  const hmac = opts.hmac === undefined ? signWebhook(raw, opts.secret ?? t.config.apiSecret) : opts.hmac;
  if (hmac !== null) headers['x-shopify-hmac-sha256'] = hmac;
  const eventId = opts.eventId === undefined ? randomUUID() : opts.eventId;
  if (eventId !== null) headers['x-shopify-event-id'] = eventId;
  const webhookId = opts.webhookId === undefined ? randomUUID() : opts.webhookId;
  if (webhookId !== null) headers['x-shopify-webhook-id'] = webhookId;
  headers['x-shopify-triggered-at'] = new Date().toISOString();
  const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', payload: raw, headers });
  if (opts.settle !== false) await t.app.webhookQueue.idle();
  return res;
}

/** Rows of a table (optionally of one shop). */
export async function countRows(t: TestApp, table: string, shopId?: number): Promise<number> {
  const where = shopId === undefined ? sql`` : sql`WHERE shop_id = ${shopId}`;
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} ${where}`.execute(t.db);
  return Number(rows[0].n);
}
