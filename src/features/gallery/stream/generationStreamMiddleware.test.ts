import configureMockStore from 'redux-mock-store';
import type { FetchEventSourceInit } from '@microsoft/fetch-event-source';
import type { UnknownAction } from '@reduxjs/toolkit';
import { createFakeHost } from '../../../test/fakeHost';
import { createGenerationStreamMiddleware, streamUrl } from './generationStreamMiddleware';
import {
  generationStreamSlice,
  startGenerationStream,
  stopGenerationStream,
  streamActions,
  type GenerationStreamState,
} from './generationStreamSlice';

/** A fake SSE client: every connection is recorded; the test opens it, sends events, drops or ends it. */
function fakeStream() {
  const connections: Array<{
    url: string;
    init: FetchEventSourceInit;
    open(status?: number, body?: unknown): Promise<void>;
    send(event: string, data: unknown, id?: string): void;
    drop(): void;
    end(): void;
  }> = [];
  const fetchEventSource = (url: string, init: FetchEventSourceInit) =>
    new Promise<void>((resolve, reject) => {
      const fail = (e: unknown) => {
        try {
          init.onerror?.(e);
          resolve();
        } catch (err) {
          reject(err);
        }
      };
      init.signal?.addEventListener('abort', () => resolve());
      connections.push({
        url,
        init,
        async open(status = 200, body) {
          const res = new Response(body ? JSON.stringify(body) : '', {
            status,
            headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' },
          });
          try {
            await init.onopen?.(res);
          } catch (e) {
            fail(e);
          }
        },
        send(event, data, id) {
          init.onmessage?.({ event, data: JSON.stringify(data), id: id ?? '', retry: undefined });
        },
        drop() {
          fail(new TypeError('network error'));
        },
        end() {
          try {
            init.onclose?.();
            resolve();
          } catch (e) {
            fail(e);
          }
        },
      });
    });
  return { connections, fetchEventSource };
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

function setup(maxRetries = 3) {
  const stream = fakeStream();
  const host = createFakeHost();
  const middleware = createGenerationStreamMiddleware(host, {
    fetchEventSource: stream.fetchEventSource,
    maxRetries,
    baseDelayMs: 5,
    maxDelayMs: 20,
  });
  const store = configureMockStore<{ generationStream: GenerationStreamState }>([middleware as never])({
    generationStream: generationStreamSlice.getInitialState(),
  });
  const types = () => store.getActions().map((a: UnknownAction) => a.type);
  const invalidations = () =>
    store
      .getActions()
      .filter((a: UnknownAction) => a.type === 'api/invalidateTags')
      .map((a: UnknownAction & { payload: unknown }) => a.payload);
  return { stream, store, types, invalidations };
}

describe('generation stream middleware', () => {
  it('opens the stream with the bearer token and turns events into plain actions', async () => {
    const { stream, store, types, invalidations } = setup();
    store.dispatch(startGenerationStream({ generationId: '7' }));
    await tick();
    const [conn] = stream.connections;
    expect(conn.url).toBe(streamUrl('7'));
    expect(conn.url).toBe('/admin/api/v1/image-generation/7/stream');
    expect((conn.init.headers as Record<string, string>).authorization).toBe('Bearer test-token');
    await conn.open();
    conn.send('connected', { generationId: 7 });
    conn.send('status', { generationId: 7, status: 'IN_QUEUE' }, '11');
    conn.send('status', { generationId: 7, status: 'IN_PROGRESS' }, '12');
    conn.send('complete', { generationId: 7, status: 'COMPLETED', generatedImageUrl: '/files/x.jpg' }, '13');
    conn.send('close', { generationId: 7 });
    conn.end();
    await tick();
    expect(types()).toEqual([
      'generationStream/start',
      'generationStream/connected',
      'generationStream/status',
      'api/invalidateTags',
      'generationStream/status',
      'api/invalidateTags',
      'generationStream/complete',
      'api/invalidateTags',
      'generationStream/closed',
    ]);
    expect(store.getActions()[2].payload).toEqual({ generationId: '7', status: 'IN_QUEUE', eventId: '11' });
    // status refreshes the generation; complete refreshes it and the credits
    expect(invalidations()[0]).toEqual([
      { type: 'Generation', id: '7' },
      { type: 'Generation', id: 'LIST' },
    ]);
    expect(invalidations()[2]).toEqual([
      { type: 'Generation', id: '7' },
      { type: 'Generation', id: 'LIST' },
      'Credits',
    ]);
    expect(stream.connections).toHaveLength(1); // a finished stream is not reopened
    expect(JSON.parse(JSON.stringify(store.getActions()))).toEqual(store.getActions()); // serializable
  });

  it('error and timeout events end the stream with their message and refresh', async () => {
    const { stream, store } = setup();
    store.dispatch(startGenerationStream({ generationId: '3' }));
    await tick();
    await stream.connections[0].open();
    stream.connections[0].send('error', { generationId: 3, status: 'FAILED', message: 'boom' }, '5');
    stream.connections[0].end();
    await tick();
    expect(store.getActions()).toContainEqual(
      streamActions.failed({ generationId: '3', message: 'boom', status: 'FAILED' }),
    );

    store.dispatch(startGenerationStream({ generationId: '4' }));
    await tick();
    await stream.connections[1].open();
    stream.connections[1].send('timeout', { generationId: 4, message: 'too slow' });
    stream.connections[1].end();
    await tick();
    expect(store.getActions()).toContainEqual(streamActions.timedOut({ generationId: '4', message: 'too slow' }));
    expect(stream.connections).toHaveLength(2);
  });

  it('a dropped connection reconnects with backoff and Last-Event-ID, then resumes', async () => {
    const { stream, store, types } = setup();
    store.dispatch(startGenerationStream({ generationId: '9' }));
    await tick();
    await stream.connections[0].open();
    stream.connections[0].send('status', { generationId: 9, status: 'IN_PROGRESS' }, '21');
    stream.connections[0].drop();
    await tick(30);
    expect(types()).toContain('generationStream/reconnecting');
    expect(stream.connections).toHaveLength(2);
    expect((stream.connections[1].init.headers as Record<string, string>)['last-event-id']).toBe('21');
    await stream.connections[1].open();
    stream.connections[1].send('complete', { generationId: 9, status: 'COMPLETED' }, '22');
    stream.connections[1].end();
    await tick(30);
    expect(types()).toContain('generationStream/complete');
    expect(stream.connections).toHaveLength(2);
  });

  it('gives up after the bounded retries instead of hanging', async () => {
    const { stream, store } = setup(2);
    store.dispatch(startGenerationStream({ generationId: '5' }));
    for (let i = 0; i < 3; i++) {
      await tick(40);
      stream.connections[i].drop();
    }
    await tick(60);
    expect(stream.connections).toHaveLength(3);
    const attempts = store
      .getActions()
      .filter((a: UnknownAction) => a.type === 'generationStream/reconnecting')
      .map((a: UnknownAction & { payload: { attempt: number } }) => a.payload.attempt);
    expect(attempts).toEqual([1, 2]);
    expect(store.getActions().at(-2)).toMatchObject({ type: 'generationStream/connectionFailed' });
  });

  it('a refused stream (4xx) fails at once with the server message', async () => {
    const { stream, store } = setup();
    store.dispatch(startGenerationStream({ generationId: '404' }));
    await tick();
    await stream.connections[0].open(404, { message: 'Generation not found' });
    await tick();
    expect(store.getActions().at(-1)).toEqual(
      streamActions.connectionFailed({ generationId: '404', message: 'Generation not found' }),
    );
    expect(stream.connections).toHaveLength(1);
  });

  it('stop (leaving the page) aborts the connection; a new start replaces the old one', async () => {
    const { stream, store } = setup();
    store.dispatch(startGenerationStream({ generationId: '1' }));
    await tick();
    store.dispatch(startGenerationStream({ generationId: '2' }));
    await tick();
    expect(stream.connections[0].init.signal?.aborted).toBe(true);
    store.dispatch(stopGenerationStream());
    await tick();
    expect(stream.connections[1].init.signal?.aborted).toBe(true);
    expect(stream.connections).toHaveLength(2);
  });
});

describe('generation stream slice', () => {
  const reduce = generationStreamSlice.reducer;
  it('tracks connection and last status; ignores events of another generation', () => {
    let s = reduce(undefined, startGenerationStream({ generationId: '1' }));
    expect(s.connection).toBe('connecting');
    s = reduce(s, streamActions.connected({ generationId: '1' }));
    s = reduce(s, streamActions.status({ generationId: '1', status: 'IN_PROGRESS' }));
    s = reduce(s, streamActions.status({ generationId: '2', status: 'FAILED' }));
    expect(s).toMatchObject({ connection: 'connected', lastStatus: 'IN_PROGRESS' });
    s = reduce(s, streamActions.failed({ generationId: '1', message: 'x', status: 'FAILED' }));
    expect(s).toMatchObject({ connection: 'disconnected', lastStatus: 'FAILED', errorMessage: 'x', outcome: 'error' });
    expect(reduce(s, stopGenerationStream())).toEqual(generationStreamSlice.getInitialState());
  });
});
