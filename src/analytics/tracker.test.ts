import {
  initTracker,
  isTrackerReady,
  resetTracker,
  track,
  trackPageView,
  type QueuedEvent,
  type TrackerConfig,
} from './tracker';

const STORAGE_KEY = 'shoppable-looks:analytics';
const flush = () => new Promise((r) => setTimeout(r, 0));

function config(send: TrackerConfig['send'], overrides: Partial<TrackerConfig> = {}): TrackerConfig {
  return {
    identity: 'demo-shop.myshopify.com',
    trackPageViews: true,
    respectDoNotTrack: false,
    persistence: 'localStorage',
    send,
    ...overrides,
  };
}

describe('product analytics tracker', () => {
  beforeEach(() => {
    resetTracker();
    localStorage.clear();
  });

  it('drops events before init', async () => {
    const send = jest.fn(async () => undefined);
    track('look_created');
    expect(isTrackerReady()).toBe(false);
    initTracker(config(send));
    await flush();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends events with the shop domain as identity, and page views', async () => {
    const sent: QueuedEvent[] = [];
    initTracker(config(async (e) => void sent.push(e)));
    track('look_created', { id: 3 });
    await flush();
    trackPageView('/looks');
    await flush();
    expect(sent).toEqual([
      { name: 'look_created', distinctId: 'demo-shop.myshopify.com', properties: { id: 3 } },
      { name: 'page_viewed', distinctId: 'demo-shop.myshopify.com', properties: { path: '/looks' } },
    ]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toEqual({
      distinctId: 'demo-shop.myshopify.com',
      queue: [],
    });
  });

  it('does not track page views when turned off', async () => {
    const send = jest.fn(async () => undefined);
    initTracker(config(send, { trackPageViews: false }));
    trackPageView('/');
    await flush();
    expect(send).not.toHaveBeenCalled();
  });

  it('ignores do-not-track (SPEC) unless configured to respect it', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    try {
      const send = jest.fn(async () => undefined);
      initTracker(config(send));
      track('plans_viewed');
      await flush();
      expect(send).toHaveBeenCalledTimes(1);
      resetTracker();
      const respectful = jest.fn(async () => undefined);
      initTracker(config(respectful, { respectDoNotTrack: true }));
      track('plans_viewed');
      await flush();
      expect(respectful).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
    }
  });

  it('keeps unsent events in localStorage and sends them after a reload', async () => {
    initTracker(
      config(async () => {
        throw new Error('offline');
      }),
    );
    track('look_updated', { id: 1 });
    track('look_deleted', { id: 2 });
    await flush();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY)!);
    expect(stored.queue.map((e: QueuedEvent) => e.name)).toEqual(['look_updated', 'look_deleted']);

    // "Reload": a fresh tracker picks the queue up and flushes it in order.
    resetTracker();
    const sent: string[] = [];
    initTracker(config(async (e) => void sent.push(e.name)));
    await flush();
    await flush();
    expect(sent).toEqual(['look_updated', 'look_deleted']);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).queue).toEqual([]);
  });

  it('memory persistence never touches localStorage', async () => {
    initTracker(config(async () => undefined, { persistence: 'memory' }));
    track('look_viewed');
    await flush();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
