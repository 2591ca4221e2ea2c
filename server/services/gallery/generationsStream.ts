import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { HttpError } from '../../http/errors';
import { translate } from '../../i18n';
import type { StreamEventName, StreamEventPayload } from '../../../src/contracts/gallery';
import { TERMINAL_STATUSES } from '../../../src/contracts/gallery';
import { ensureStarted, eventFor, findGeneration, payloadFor, type GenerationBus } from './generations';

export interface StreamOptions {
  db: Db;
  bus: GenerationBus;
  now: () => Date;
  heartbeatMs: number;
  /** The stream ends with a `timeout` event after this long. */
  timeoutMs: number;
  /** Safety poll of the event table (other instances' events arrive through the bus at once). */
  pollMs: number;
  /** Open streams; the server ends them on close (clients reconnect elsewhere with Last-Event-ID). */
  open: Set<() => void>;
}

const TERMINAL_EVENTS: StreamEventName[] = ['complete', 'error'];

/**
 * GET /image-generation/{id}/stream — Server-Sent Events written by hand.
 * `connected` first; then either the events after Last-Event-ID (replayed
 * from generation_events) or the current state; then live events as the job
 * moves; `complete`/`error` end it with `close`. Heartbeat comments keep
 * proxies from cutting it; a server-side timeout sends `timeout`. Opening the
 * stream starts a PENDING generation (one credit; no credit → `error`).
 */
export async function streamGeneration(
  req: FastifyRequest,
  reply: FastifyReply,
  id: number,
  o: StreamOptions,
): Promise<void> {
  const shop = req.shop;
  await findGeneration(o.db, shop.id, id); // 404 as JSON before the stream starts
  const header = req.headers['last-event-id'] ?? (req.query as { lastEventId?: string }).lastEventId;
  const raw = Array.isArray(header) ? header[0] : header;
  const lastEventId = raw === undefined || raw === '' ? NaN : Number(raw);
  const resume = Number.isSafeInteger(lastEventId) && lastEventId >= 0 ? lastEventId : null;

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders?.();

  let closed = false;
  let lastSent = resume ?? 0;
  let pumping = false;
  let again = false;
  const timers: NodeJS.Timeout[] = [];
  const signal = `generation:${id}`;

  const write = (event: StreamEventName, data: StreamEventPayload, eventId?: number) => {
    if (closed) return;
    res.write(`${eventId ? `id: ${eventId}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const end = () => {
    if (closed) return;
    write('close', { generationId: id });
    finish();
  };
  const finish = () => {
    if (closed) return;
    closed = true;
    o.open.delete(finish);
    for (const t of timers) clearInterval(t);
    o.bus.off(signal, onChange);
    o.bus.off('resync', onChange);
    res.end();
  };
  const pump = async () => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        const events = await o.db
          .selectFrom('generationEvents')
          .select(['id', 'event', 'payload'])
          .where('generationId', '=', id)
          .where('shopId', '=', shop.id)
          .where('id', '>', lastSent)
          .orderBy('id')
          .execute();
        for (const e of events) {
          if (closed) return;
          lastSent = e.id;
          write(e.event, e.payload, e.id);
          if (TERMINAL_EVENTS.includes(e.event)) return end();
        }
      } while (again && !closed);
    } catch (error) {
      req.log.error({ err: error }, 'generation stream: read failed');
    } finally {
      pumping = false;
    }
  };
  // Signals before the starting point is known are caught up by the pump that follows it.
  let live = false;
  const onChange = () => {
    if (live) void pump();
  };

  o.open.add(finish);
  req.raw.on('close', finish);
  res.on('error', finish);
  write('connected', { generationId: id });
  res.write('retry: 1000\n\n');

  try {
    await ensureStarted(o.db, o.bus, shop, id, o.now());
  } catch (error) {
    const message =
      error instanceof HttpError ? translate(req.locale ?? 'en', error.message) : 'Generation could not start';
    write('error', { generationId: id, status: 'PENDING', message });
    return end();
  }

  o.bus.on(signal, onChange);
  o.bus.on('resync', onChange);
  if (resume === null) {
    // No Last-Event-ID: the current state first (the latest event is it), then what follows it.
    const latest = await o.db
      .selectFrom('generationEvents')
      .select(['id', 'event', 'payload'])
      .where('generationId', '=', id)
      .where('shopId', '=', shop.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest) {
      lastSent = latest.id;
      write(latest.event, latest.payload, latest.id);
      if (TERMINAL_EVENTS.includes(latest.event)) return end();
    } else {
      const row = await findGeneration(o.db, shop.id, id);
      write(eventFor(row.status), payloadFor(row));
      if (TERMINAL_STATUSES.includes(row.status)) return end();
    }
  }
  live = true;
  await pump();
  if (closed) return;

  timers.push(setInterval(() => !closed && res.write(': ping\n\n'), o.heartbeatMs));
  timers.push(setInterval(() => void pump(), o.pollMs));
  const timeout = setTimeout(() => {
    write('timeout', { generationId: id, message: translate(req.locale ?? 'en', 'Generation.errors.streamTimeout') });
    end();
  }, o.timeoutMs);
  timers.push(timeout);
}
