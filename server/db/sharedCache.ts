import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { notifierFor, publish } from './notify';

type Db = Kysely<Database>;

/**
 * Versions of in-process cached values, kept right across server instances on
 * one database. A write calls `invalidateShared(db, key)`: the key's version
 * goes up here at once and, through NOTIFY, in every other instance. A cache
 * stores a value with the version read BEFORE computing it and serves it only
 * while that is still the current version (a write racing the read makes it
 * stale at once). `canCache(db)` says whether invalidations from other
 * instances can reach this one right now (listening); if not, do not cache.
 */

interface State {
  counter: number;
  /** Version of every key after a gap (messages possibly missed). */
  resetAt: number;
  versions: Map<string, number>;
  subscribed?: Promise<boolean>;
}

const states = new WeakMap<object, State>();

function stateOf(db: Db): State {
  let state = states.get(db);
  if (!state) states.set(db, (state = { counter: 0, resetAt: 0, versions: new Map() }));
  return state;
}

function bump(state: State, key: string) {
  state.versions.set(key, ++state.counter);
}

function reset(state: State) {
  state.resetAt = ++state.counter;
  state.versions.clear();
}

/** The current version of a key (compare with the version stored beside a cached value). */
export function cacheVersion(db: Db, key: string): number {
  const state = stateOf(db);
  return Math.max(state.versions.get(key) ?? 0, state.resetAt);
}

/**
 * True when a value may be cached: this database's invalidations from other
 * instances reach this process (subscribed and listening). A database without
 * a notifier (a Kysely made by hand) has no other instance: true.
 */
export async function canCache(db: Db): Promise<boolean> {
  const notifier = notifierFor(db);
  if (!notifier) return true;
  const state = stateOf(db);
  state.subscribed ??= notifier
    .subscribe(
      'sl_cache',
      (payload) => {
        const key = (payload as { k?: unknown } | null)?.k;
        if (typeof key === 'string') bump(state, key);
      },
      () => reset(state),
    )
    .then(
      () => true,
      () => {
        state.subscribed = undefined; // try again on the next read
        return false;
      },
    );
  return (await state.subscribed) && notifier.listening;
}

/** After a committed write: the key's cached values are stale here and in every other instance. Never throws. */
export async function invalidateShared(db: Db, key: string): Promise<void> {
  bump(stateOf(db), key);
  if (!notifierFor(db)) return;
  try {
    await publish(db, 'sl_cache', { k: key });
  } catch (error) {
    // Other instances fall back on their cache's expiry.
    console.warn(`Cache invalidation of ${key} not published: ${(error as Error).message}`);
  }
}
