import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';
import { migrateToLatest } from './migrate';
import { attachNotifier, PgliteNotifier, PgNotifier, type Notifier } from './notify';
import type { DatabaseSettings } from '../config';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when kind is pglite (tests dump/clone it). */
  pglite?: PGlite;
  /** Signals to and from other instances on the same database (LISTEN/NOTIFY); also `notifierFor(db)`. */
  notifier: Notifier;
  /** Connections of the pool now (PostgreSQL; PGlite is one session and has none). */
  poolStats?: () => PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Open connections (busy and idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface OpenOptions {
  /** postgres://… to use a real PostgreSQL server. */
  databaseUrl?: string;
  /** Folder of the embedded database (PGlite); ignored with databaseUrl. Omit for in-memory. */
  pgliteDir?: string;
  /** A PGlite data dir tarball (from dumpDataDir) to start from: tests clone a template this way. */
  loadDataDir?: Blob;
  migrate?: boolean;
  /** Pool size, timeouts and the LISTEN heartbeat (config.database); defaults as in loadConfig. */
  settings?: Partial<DatabaseSettings>;
  /** Names the connections in pg_stat_activity. */
  applicationName?: string;
}

export const DEFAULT_DATABASE_SETTINGS: DatabaseSettings = {
  poolMax: 10,
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 30_000,
  lockTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 60_000,
  notifyHeartbeatMs: 30_000,
};

/**
 * The connection options every pooled connection opens with: the timeouts travel in the startup
 * message (no SET round trip, and no pooled connection without them); TCP keepalive finds a peer
 * that vanished (failover, a NAT that forgot the flow) instead of waiting on it forever.
 */
export function poolConfig(
  databaseUrl: string,
  s: DatabaseSettings,
  applicationName = 'shoppable-looks',
): pg.PoolConfig {
  return {
    connectionString: databaseUrl,
    max: s.poolMax,
    connectionTimeoutMillis: s.connectTimeoutMs,
    statement_timeout: s.statementTimeoutMs,
    lock_timeout: s.lockTimeoutMs,
    idle_in_transaction_session_timeout: s.idleInTransactionTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: applicationName,
  };
}

const poolStatsByDb = new WeakMap<object, () => PoolStats>();

/** The pool's connection counts of a database opened by openDatabase (undefined on PGlite). */
export function poolStatsFor(db: Db): (() => PoolStats) | undefined {
  return poolStatsByDb.get(db);
}

/** How a Db reaches its database: the job engine opens its own way in (server/jobs). */
export type DatabaseSource = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; databaseUrl: string };

const sources = new WeakMap<object, DatabaseSource>();

/** The database of a Db (set by openDatabase); undefined for a Kysely made by hand. */
export function databaseSourceOf(db: Db): DatabaseSource | undefined {
  return sources.get(db);
}

/** Names the database of a second Db on the same database (tests' second instance). */
export function attachDatabaseSource(db: Db, source: DatabaseSource): void {
  sources.set(db, source);
}

// numeric → JS string is pg's default; int8 (count(*)) as number is what the code wants.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.databaseUrl) {
    const settings = { ...DEFAULT_DATABASE_SETTINGS, ...options.settings };
    const pool = new pg.Pool(poolConfig(options.databaseUrl, settings, options.applicationName));
    // An idle connection the server closes (restart, failover, DROP DATABASE … FORCE) must not crash the process.
    pool.on('error', (error) => console.warn(`PostgreSQL idle connection error: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    const notifier = new PgNotifier(options.databaseUrl, undefined, { heartbeatMs: settings.notifyHeartbeatMs });
    const poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: settings.poolMax,
    });
    poolStatsByDb.set(db, poolStats);
    handle = {
      db,
      kind: 'postgres',
      notifier,
      poolStats,
      close: async () => {
        await notifier.close();
        await db.destroy();
      },
    };
  } else {
    if (options.pgliteDir) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
    const pglite = await PGlite.create(options.pgliteDir, { loadDataDir: options.loadDataDir });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
    const notifier = new PgliteNotifier(pglite, db);
    handle = {
      db,
      kind: 'pglite',
      pglite,
      notifier,
      close: async () => {
        await notifier.close();
        await db.destroy().catch(() => undefined);
        if (!pglite.closed) await pglite.close();
      },
    };
  }
  attachNotifier(handle.db, handle.notifier);
  attachDatabaseSource(
    handle.db,
    handle.pglite ? { kind: 'pglite', pglite: handle.pglite } : { kind: 'postgres', databaseUrl: options.databaseUrl! },
  );
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return handle;
}
