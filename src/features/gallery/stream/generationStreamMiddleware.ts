import type { Middleware } from '@reduxjs/toolkit';
import type { EventSourceMessage, FetchEventSourceInit } from '@microsoft/fetch-event-source';
import { routeUrl } from '../../../api/routeRequest';
import {
  GENERATION_STATUSES,
  type GenerationStatus,
  type StreamEventPayload,
} from '../../../contracts/generationStream';
import { applyAuthHeaders } from '../../../api/authHeaders';
import { baseApi } from '../../../api/baseApi';
import { idTag, listTag } from '../../../api/tags';
import type { Host } from '../../../host/Host';
import { streamActions } from './generationStreamSlice';

export interface StreamMiddlewareOptions {
  /** The SSE client (tests pass a fake stream). */
  fetchEventSource?: (url: string, init: FetchEventSourceInit) => Promise<void>;
  /** Reconnects after a dropped connection before giving up. */
  maxRetries?: number;
  /** First backoff delay; doubles per attempt, capped at maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** The server refused the stream (4xx): retrying will not help. */
class FatalStreamError extends Error {}
class DroppedError extends Error {}

const TERMINAL = new Set(['complete', 'error', 'timeout', 'close']);

export const streamUrl = (generationId: string) =>
  routeUrl('GET /image-generation/:id/stream', { params: { id: generationId } });

function parsePayload(data: string): StreamEventPayload | null {
  try {
    const value = JSON.parse(data) as StreamEventPayload;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

const isStatus = (s: unknown): s is GenerationStatus => (GENERATION_STATUSES as readonly unknown[]).includes(s);

/**
 * Owns the live stream of one generation: opens GET …/stream with the bearer
 * token on `generationStream/start`, turns its events into plain actions,
 * invalidates the cached generation (and credits when it ends), reconnects a
 * dropped connection with bounded exponential backoff (sending Last-Event-ID
 * so nothing is missed), and closes it on `stop`, on a new `start` or on a
 * terminal event.
 */
export function createGenerationStreamMiddleware(host: Host, options: StreamMiddlewareOptions = {}): Middleware {
  // The SSE client loads with the first stream, not with the app.
  const sse =
    options.fetchEventSource ??
    (async (url: string, init: FetchEventSourceInit) => {
      const { fetchEventSource } = await import(/* webpackChunkName: "event-source" */ '@microsoft/fetch-event-source');
      return fetchEventSource(url, init);
    });
  const maxRetries = options.maxRetries ?? 5;
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 8000;

  return (store) => {
    let current: AbortController | null = null;

    const close = () => {
      current?.abort();
      current = null;
    };

    const refresh = (generationId: string, credits: boolean) => {
      const tags = [idTag('Generation', generationId), listTag('Generation')];
      store.dispatch(baseApi.util.invalidateTags(credits ? [...tags, 'Credits'] : tags));
    };

    async function run(generationId: string, controller: AbortController) {
      const { signal } = controller;
      let attempt = 0;
      let lastEventId: string | null = null;
      let ended = false;

      const onMessage = (msg: EventSourceMessage) => {
        if (signal.aborted) return;
        if (msg.id) lastEventId = msg.id;
        const payload = parsePayload(msg.data) ?? { generationId: Number(generationId) };
        const eventId = msg.id || null;
        switch (msg.event) {
          case 'connected':
            store.dispatch(streamActions.connected({ generationId }));
            break;
          case 'status':
            if (isStatus(payload.status))
              store.dispatch(streamActions.status({ generationId, status: payload.status, eventId }));
            refresh(generationId, false);
            break;
          case 'complete':
            store.dispatch(streamActions.complete({ generationId, eventId }));
            refresh(generationId, true);
            break;
          case 'error':
            store.dispatch(
              streamActions.failed({
                generationId,
                message: payload.message ?? '',
                status: isStatus(payload.status) ? payload.status : undefined,
              }),
            );
            refresh(generationId, true);
            break;
          case 'timeout':
            store.dispatch(streamActions.timedOut({ generationId, message: payload.message ?? '' }));
            refresh(generationId, false);
            break;
          case 'close':
            store.dispatch(streamActions.closed({ generationId }));
            break;
          default:
            return;
        }
        if (TERMINAL.has(msg.event)) ended = true;
      };

      while (!signal.aborted && !ended) {
        try {
          const headers = await applyAuthHeaders(new Headers({ Accept: 'text/event-stream' }), host);
          if (lastEventId) headers.set('Last-Event-ID', lastEventId);
          const plain: Record<string, string> = {};
          headers.forEach((value, key) => (plain[key] = value));
          await sse(streamUrl(generationId), {
            headers: plain,
            signal,
            openWhenHidden: true,
            async onopen(res) {
              if (res.ok && (res.headers.get('content-type') ?? '').includes('text/event-stream')) {
                attempt = 0;
                return;
              }
              if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
                let message = '';
                try {
                  message = ((await res.json()) as { message?: string }).message ?? '';
                } catch {
                  /* not JSON */
                }
                throw new FatalStreamError(message || `HTTP ${res.status}`);
              }
              throw new DroppedError(`HTTP ${res.status}`);
            },
            onmessage: onMessage,
            onclose() {
              if (!ended) throw new DroppedError('stream closed early');
            },
            onerror(err) {
              throw err; // retries are ours (fresh token, Last-Event-ID, bounded)
            },
          });
        } catch (error) {
          if (signal.aborted || ended) break;
          if (error instanceof FatalStreamError) {
            store.dispatch(streamActions.connectionFailed({ generationId, message: error.message }));
            break;
          }
          attempt += 1;
          if (attempt > maxRetries) {
            store.dispatch(streamActions.connectionFailed({ generationId, message: (error as Error)?.message ?? '' }));
            refresh(generationId, false);
            break;
          }
          store.dispatch(streamActions.reconnecting({ generationId, attempt }));
          const delay = Math.min(maxDelay, baseDelay * 2 ** (attempt - 1));
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, delay);
            signal.addEventListener(
              'abort',
              () => {
                clearTimeout(timer);
                resolve();
              },
              { once: true },
            );
          });
        }
      }
      if (current === controller) current = null;
    }

    return (next) => (action) => {
      const result = next(action);
      if (streamActions.start.match(action)) {
        close();
        const controller = new AbortController();
        current = controller;
        void run(action.payload.generationId, controller);
      } else if (streamActions.stop.match(action)) {
        close();
      }
      return result;
    };
  };
}
