import { isIPv6 } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { HttpError } from './errors';

/**
 * Rate limits shared by every server instance on one database: fixed-window
 * counters in the `rate_limits` table (migration 0008), never process memory.
 * A hit is one atomic upsert (`INSERT … ON CONFLICT DO UPDATE … RETURNING`):
 * a window that ended restarts at 1, otherwise the count grows. Rows whose
 * window ended are pruned at most once per PRUNE_EVERY_MS per instance.
 * Time comes from the caller (the app clock), so tests can move it.
 */

export const PRUNE_EVERY_MS = 60_000;

/** One key to count, with the length of its window. */
export interface RateLimitCounter {
  key: string;
  windowMs: number;
}

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window ends. */
  resetAt: Date;
}

type Executor = Kysely<Database>;

const MAX_HITS = 2_147_483_647;

/**
 * Counts one hit on each key in one statement; answers per key. Keys are sorted,
 * so concurrent callers lock rows in the same order (no deadlock inside transactions).
 */
export async function hitRateLimits(
  db: Executor,
  counters: RateLimitCounter[],
  now: Date,
): Promise<Map<string, RateLimitHit>> {
  const unique = [...new Map(counters.map((c) => [c.key, c])).values()].sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
  if (!unique.length) return new Map();
  const at = now.toISOString();
  const rows = await db
    .insertInto('rateLimits')
    .values(
      unique.map((c) => ({
        key: c.key,
        hits: 1,
        windowEndsAt: new Date(now.getTime() + Math.max(1, c.windowMs)).toISOString(),
      })),
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limits.window_ends_at <= ${at}::timestamptz THEN 1 ELSE LEAST(rate_limits.hits + 1, ${MAX_HITS}) END`,
        windowEndsAt: sql<Date>`CASE WHEN rate_limits.window_ends_at <= ${at}::timestamptz THEN excluded.window_ends_at ELSE rate_limits.window_ends_at END`,
      }),
    )
    .returning(['key', 'hits', 'windowEndsAt'])
    .execute();
  return new Map(rows.map((r) => [r.key, { hits: r.hits, resetAt: new Date(r.windowEndsAt) }]));
}

/** Hits of keys in their current window (0 for unknown or ended windows); counts nothing. */
export async function readRateLimits(db: Executor, keys: string[], now: Date): Promise<Map<string, RateLimitHit>> {
  if (!keys.length) return new Map();
  const rows = await db
    .selectFrom('rateLimits')
    .select(['key', 'hits', 'windowEndsAt'])
    .where('key', 'in', keys)
    .where('windowEndsAt', '>', now)
    .execute();
  return new Map(rows.map((r) => [r.key, { hits: r.hits, resetAt: new Date(r.windowEndsAt) }]));
}

/** Deletes counters whose window ended; answers how many. */
export async function pruneRateLimits(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('rateLimits').where('windowEndsAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

const lastPrune = new WeakMap<Db, number>();

/** Prunes ended windows when this instance has not done so for PRUNE_EVERY_MS (by the given clock). */
export async function maybePruneRateLimits(db: Db, now: Date): Promise<void> {
  const last = lastPrune.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now.getTime());
  await pruneRateLimits(db, now);
}

/**
 * The part of a client address a limit counts: an IPv4 address as is (also when
 * IPv4-mapped), an IPv6 address by its /64 network — one subscriber usually
 * holds a whole /64, so rotating inside it must not reset the count.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  const address = ip.split('%')[0];
  if (!isIPv6(address)) return ip;
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  const all = [...first, ...Array(Math.max(0, 8 - first.length - last.length)).fill('0'), ...last];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * 429 with a Retry-After header; `messageKey` is translated with `{ seconds, minutes }`
 * (time left in the window, rounded up).
 */
export function tooManyRequests(messageKey: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(
    429,
    messageKey,
    'rate_limited',
    undefined,
    { 'Retry-After': String(seconds) },
    { seconds, minutes: Math.ceil(seconds / 60) },
  );
}

/**
 * A @fastify/rate-limit `store` backed by the shared table: pass
 * `store: sharedRateLimitStore(db, now, 'add-to-cart')` to the plugin. Keys are
 * `<namespace>:<key from keyGenerator>`; a route with its own limits gets its
 * own namespace (`<namespace>:<METHOD><url>`).
 */
export function sharedRateLimitStore(db: Db, now: () => Date, namespace: string): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: FastifyRateLimitOptions, prefix: string = namespace) {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      const at = now();
      const fullKey = `${this.prefix}:${key}`;
      void (async () => {
        let result: { current: number; ttl: number };
        try {
          const hit = (await hitRateLimits(db, [{ key: fullKey, windowMs: timeWindow ?? 60_000 }], at)).get(fullKey)!;
          result = { current: hit.hits, ttl: Math.max(0, hit.resetAt.getTime() - at.getTime()) };
          await maybePruneRateLimits(db, at).catch(() => undefined); // a missed prune is retried later
        } catch (error) {
          callback(error as Error);
          return;
        }
        callback(null, result);
      })();
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const info = (routeOptions as unknown as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new SharedRateLimitStore(
        undefined,
        `${this.prefix}:${info?.method ?? ''}${info?.url ?? routeOptions.path ?? ''}`,
      );
    }
  }
  return SharedRateLimitStore;
}
