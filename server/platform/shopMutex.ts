import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { databaseSourceOf, type Db } from '../db';

/** Work that another holder's work may already have made unnecessary: `{ done }` answers the caller. */
export type Outcome<T> = { done: T } | undefined;

/** Advisory lock class of the token mutex: pg_try_advisory_lock(class, hashtext(key)). */
const TOKEN_LOCK_CLASS = 0x54_4f_4b; // "TOK"

export interface MutexOptions {
  /** How long a caller waits for the holder before giving up (it then throws `onTimeout()`). */
  waitMs: number;
  /** Between two tries while another holds the key. */
  pollMs: number;
  onTimeout: () => Error;
}

/**
 * One holder of a key at a time across every instance on the database, for work that calls the
 * platform outside any database transaction (the token exchange and refresh of a shop). While
 * another holds the key, `settled` is asked between tries whether its work already answers ours;
 * once held, `settled` is asked once more before `work` runs.
 *
 * - PostgreSQL: a session-level advisory lock (`pg_try_advisory_lock`) on a connection of the pool
 *   reserved while it is held, outside any transaction (the platform call must not hold one), unlocked
 *   before the connection goes back to the pool. A connection that dies takes its lock with it, so a
 *   killed instance never leaves the key taken. `try` in a loop: a wait never holds a connection.
 * - PGlite: one process is the whole cluster, and its one session re-enters its own advisory locks, so
 *   PostgreSQL cannot tell two holders apart: an in-process single flight per key (one promise per key,
 *   shared by every Db on the same PGlite). Hand-written: a few lines, and no maintained package keys a
 *   mutex by name with this "already settled?" check between waits.
 */
export async function underShopMutex<T>(
  db: Db,
  key: string,
  options: MutexOptions,
  settled: () => Promise<Outcome<T>>,
  work: () => Promise<T>,
): Promise<T> {
  const source = databaseSourceOf(db);
  if (source?.kind === 'pglite') return underLocalMutex(source.pglite, key, settled, work);
  const giveUpAt = Date.now() + options.waitMs;
  for (;;) {
    const held = await db.connection().execute(async (conn): Promise<Outcome<T> | null> => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${TOKEN_LOCK_CLASS}, hashtext(${key})) as locked`.execute(conn);
      if (!rows[0]?.locked) return null;
      try {
        const outcome = await settled();
        return { done: outcome ? outcome.done : await work() };
      } finally {
        await sql`select pg_advisory_unlock(${TOKEN_LOCK_CLASS}, hashtext(${key}))`.execute(conn);
      }
    });
    if (held) return held.done;
    const outcome = await settled();
    if (outcome) return outcome.done;
    if (Date.now() > giveUpAt) throw options.onTimeout();
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
}

const held = new WeakMap<PGlite, Map<string, Promise<void>>>();

async function underLocalMutex<T>(
  pglite: PGlite,
  key: string,
  settled: () => Promise<Outcome<T>>,
  work: () => Promise<T>,
): Promise<T> {
  let keys = held.get(pglite);
  if (!keys) held.set(pglite, (keys = new Map()));
  for (;;) {
    const busy = keys.get(key);
    if (!busy) break;
    await busy;
    const outcome = await settled();
    if (outcome) return outcome.done;
  }
  // Taken in the same tick as the check above: no other caller slips in between.
  let release!: () => void;
  keys.set(key, new Promise<void>((resolve) => (release = resolve)));
  try {
    const outcome = await settled();
    return outcome ? outcome.done : await work();
  } finally {
    keys.delete(key);
    release();
  }
}
