import { makeStore } from '../../../app/store';
import { createFakeHost } from '../../../test/fakeHost';
import { streamUrl } from './generationStreamMiddleware';
import { selectGenerationStream, startGenerationStream } from './generationStreamSlice';
import { openGenerationStream } from './openGenerationStream';

const connections: Array<{ url: string; signal?: AbortSignal }> = [];
jest.mock('@microsoft/fetch-event-source', () => ({
  fetchEventSource: (url: string, init: { signal?: AbortSignal }) => {
    connections.push({ url, signal: init.signal });
    return new Promise<void>((resolve) => init.signal?.addEventListener('abort', () => resolve()));
  },
}));

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('openGenerationStream', () => {
  beforeEach(() => (connections.length = 0));

  it('adds the stream middleware to the store with the first stream, once, and opens the stream', async () => {
    const store = makeStore(createFakeHost());
    // Before a page opens one, the store has no stream middleware: a bare start action connects nothing.
    store.dispatch(startGenerationStream({ generationId: '6' }));
    await settle();
    expect(connections).toEqual([]);

    store.dispatch(openGenerationStream('7'));
    await settle();
    expect(connections.map((c) => c.url)).toEqual([streamUrl('7')]);
    expect(selectGenerationStream(store.getState())).toMatchObject({ generationId: '7', connection: 'connecting' });

    // Again: the same middleware closes the first stream and opens the next (not a second middleware).
    store.dispatch(openGenerationStream('8'));
    await settle();
    expect(connections.map((c) => c.url)).toEqual([streamUrl('7'), streamUrl('8')]);
    expect(connections[0].signal?.aborted).toBe(true);
    expect(connections[1].signal?.aborted).toBe(false);
    // Now the store has it: the slice's own actions drive it.
    store.dispatch(startGenerationStream({ generationId: '9' }));
    await settle();
    expect(connections).toHaveLength(3);
    expect(connections[1].signal?.aborted).toBe(true);
  });

  it('each store gets its own (another store is not streaming)', async () => {
    const one = makeStore(createFakeHost());
    const two = makeStore(createFakeHost());
    one.dispatch(openGenerationStream('7'));
    await settle();
    two.dispatch(startGenerationStream({ generationId: '8' }));
    await settle();
    expect(connections.map((c) => c.url)).toEqual([streamUrl('7')]);
  });
});
