import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/**
 * Signals between server instances on one database (PostgreSQL LISTEN/NOTIFY;
 * PGlite has it too). Payloads are small JSON; a message may be lost while a
 * listening connection is down, so a subscriber is told about such a gap
 * (`onGap`) and then re-reads what it needs from the database.
 */

/** The channels in use (PostgreSQL identifiers). */
export type NotifyChannel = 'sl_generations' | 'sl_cache';

export interface Notifier {
  /** False while the listening connection is down (messages may be missed). */
  readonly listening: boolean;
  /** Resolves once LISTEN is in effect: every message published after that reaches onMessage. */
  subscribe(
    channel: NotifyChannel,
    onMessage: (payload: unknown) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7999;

/**
 * Publishes to every instance listening on the database, this one included.
 * Inside a transaction (db = trx) it is delivered when that commits, not at all on rollback.
 */
export async function publish(db: Kysely<Database>, channel: NotifyChannel, payload: unknown): Promise<void> {
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`NOTIFY payload on ${channel} too large`);
  await sql`select pg_notify(${channel}, ${text})`.execute(db);
}

const notifiers = new WeakMap<object, Notifier>();

/** The notifier of a database (set by openDatabase); undefined for a Kysely made by hand. */
export function notifierFor(db: Kysely<Database>): Notifier | undefined {
  return notifiers.get(db);
}

export function attachNotifier(db: Kysely<Database>, notifier: Notifier): void {
  notifiers.set(db, notifier);
}

interface Subscription {
  onMessage(payload: unknown): void;
  onGap?(): void;
}

/** Subscriptions per channel; one LISTEN per channel on the listening connection. */
abstract class ChannelNotifier implements Notifier {
  protected readonly channels = new Map<string, { subs: Set<Subscription>; ready: Promise<void> }>();
  protected closed = false;

  abstract get listening(): boolean;
  protected abstract listen(channel: string): Promise<void>;
  protected abstract unlisten(channel: string): Promise<void>;
  abstract close(): Promise<void>;

  async subscribe(channel: NotifyChannel, onMessage: (payload: unknown) => void, onGap?: () => void) {
    if (this.closed) throw new Error('The database notifier is closed');
    const sub: Subscription = { onMessage, onGap };
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { subs: new Set(), ready: this.listen(channel) };
      this.channels.set(channel, entry);
      const failed = entry;
      entry.ready.catch(() => {
        if (this.channels.get(channel) === failed) this.channels.delete(channel);
      });
    }
    entry.subs.add(sub);
    try {
      await entry.ready;
    } catch (error) {
      entry.subs.delete(sub);
      throw error;
    }
    const current = entry;
    return async () => {
      current.subs.delete(sub);
      if (current.subs.size || this.channels.get(channel) !== current) return;
      this.channels.delete(channel);
      if (!this.closed) await this.unlisten(channel).catch(() => undefined);
    };
  }

  protected dispatch(channel: string, text: string) {
    const entry = this.channels.get(channel);
    if (!entry) return;
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return;
    }
    for (const sub of [...entry.subs]) sub.onMessage(payload);
  }

  protected gap() {
    for (const entry of this.channels.values()) for (const sub of [...entry.subs]) sub.onGap?.();
  }
}

const ident = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

export interface PgNotifierOptions {
  /** A `select 1` on the listening connection this often (default 30 s): a connection that died silently is found and replaced. */
  heartbeatMs?: number;
  /** A heartbeat not answered within this long counts as a lost connection (default: the smaller of 10 s and heartbeatMs). */
  heartbeatTimeoutMs?: number;
}

/**
 * PostgreSQL: one dedicated connection (outside the pool) holds the LISTENs;
 * when it drops, subscribers get a gap and it reconnects with backoff. A LISTEN
 * connection only receives, so a peer that vanished (failover, a NAT that forgot
 * the flow) would go unnoticed: TCP keepalive and a heartbeat query find it.
 */
export class PgNotifier extends ChannelNotifier {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private backoffMs = 250;
  private readonly heartbeatMs: number;
  private readonly heartbeatTimeoutMs: number;

  constructor(
    private readonly connectionString: string,
    private readonly warn: (message: string) => void = (m) => console.warn(m),
    options: PgNotifierOptions = {},
  ) {
    super();
    this.heartbeatMs = options.heartbeatMs ?? 30_000;
    this.heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? Math.min(10_000, this.heartbeatMs);
  }

  get listening() {
    return !this.closed && this.client !== null;
  }

  protected async listen(channel: string) {
    const client = await this.connect();
    await client.query(`LISTEN ${ident(channel)}`);
  }

  protected async unlisten(channel: string) {
    await this.client?.query(`UNLISTEN ${ident(channel)}`);
  }

  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.stopHeartbeat();
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.connecting) return this.connecting;
    const attempt = (async () => {
      const client = new pg.Client({
        connectionString: this.connectionString,
        application_name: 'shoppable-looks:listen',
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        connectionTimeoutMillis: 10_000,
      });
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client));
      client.on('notification', (m) => this.dispatch(m.channel, m.payload ?? ''));
      try {
        await client.connect();
        // After a reconnect: listen again on every channel already subscribed.
        for (const channel of this.channels.keys()) await client.query(`LISTEN ${ident(channel)}`);
      } catch (error) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.closed) {
        await client.end().catch(() => undefined);
        throw new Error('The database notifier is closed');
      }
      this.client = client;
      this.backoffMs = 250;
      this.startHeartbeat(client);
      return client;
    })();
    this.connecting = attempt;
    attempt.then(
      () => (this.connecting = null),
      () => (this.connecting = null),
    );
    return attempt;
  }

  private startHeartbeat(client: pg.Client) {
    this.stopHeartbeat();
    let inFlight = false;
    this.heartbeat = setInterval(() => {
      if (inFlight || this.client !== client) return;
      inFlight = true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`heartbeat unanswered after ${this.heartbeatTimeoutMs} ms`)),
          this.heartbeatTimeoutMs,
        );
      });
      Promise.race([client.query('select 1'), timeout])
        .catch((error: Error) => this.lost(client, error))
        .finally(() => {
          clearTimeout(timer);
          inFlight = false;
        });
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client) return;
    this.client = null;
    this.stopHeartbeat();
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.warn(`Database notifications: listening connection lost${error ? ` (${error.message})` : ''}; reconnecting`);
    this.gap();
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => this.gap(), // listening again: subscribers re-read what they may have missed
        () => {
          this.backoffMs = Math.min(this.backoffMs * 2, 30_000);
          this.scheduleReconnect();
        },
      );
    }, this.backoffMs);
    this.retry.unref();
  }
}

/**
 * PGlite: its one session listens; LISTEN goes through the Kysely driver so
 * it never lands inside another caller's open transaction. Notifications are
 * delivered when the query that commits them returns.
 */
export class PgliteNotifier extends ChannelNotifier {
  private readonly off: () => void;

  constructor(
    private readonly pglite: PGlite,
    private readonly db: Kysely<Database>,
  ) {
    super();
    this.off = pglite.onNotification((channel, payload) => this.dispatch(channel, payload));
  }

  get listening() {
    return !this.closed && !this.pglite.closed;
  }

  protected async listen(channel: string) {
    await sql.raw(`LISTEN ${ident(channel)}`).execute(this.db);
  }

  protected async unlisten(channel: string) {
    await sql.raw(`UNLISTEN ${ident(channel)}`).execute(this.db);
  }

  async close() {
    this.closed = true;
    this.off();
  }
}
