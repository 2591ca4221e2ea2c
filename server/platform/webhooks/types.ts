import type { Db } from '../../db';
import type { Config } from '../../config';
import type { ShopRow } from '../../services/shop/shops';
import type { EnqueueDelivery } from './deliveries';

/** Where webhook work logs (Fastify's logger in the app, silent in the demo seed). */
export interface WebhookLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WebhookDeps {
  db: Db;
  config: Config;
  log?: WebhookLog;
  /** Queues a recorded delivery's work in the recording transaction (the app's job engine); without it the caller processes. */
  enqueue?: EnqueueDelivery;
}

/** What a topic handler gets: the verified shop and the recorded delivery. */
export interface WebhookContext {
  db: Db;
  config: Config;
  log: WebhookLog;
  shop: ShopRow;
  delivery: { id: number; topic: string; eventId: string | null; webhookId: string | null };
}

/**
 * One platform webhook topic. `parse` runs when the delivery arrives (a bad
 * payload is logged, answered 200 and nothing is recorded); `handle` runs after the
 * answer and must be idempotent: a failed run is retried with the same payload.
 */
export interface WebhookHandler<T = unknown> {
  topic: string;
  parse(payload: unknown): T;
  handle(ctx: WebhookContext, data: T): Promise<void>;
}

/** A payload the topic cannot work with (logged, answered 200, nothing recorded). */
export class WebhookPayloadError extends Error {}

export const silentLog: WebhookLog = { info() {}, warn() {}, error() {} };
