import { startWebVitalsLater, WEB_VITALS_LOAD_DELAY_MS } from './startWebVitals';
import { startWebVitals } from './webVitals';
import type { Host } from '../host/Host';

jest.mock('./webVitals', () => ({ startWebVitals: jest.fn() }));

const host = { kind: 'standalone' } as unknown as Host;
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('startWebVitalsLater', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.mocked(startWebVitals).mockClear();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('loads the reporter after the first act on the page has painted (the next frame), once', async () => {
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    startWebVitalsLater(host, window);
    await flush();
    expect(startWebVitals).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(startWebVitals).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0](0);
    await flush();
    expect(startWebVitals).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    await flush();
    expect(startWebVitals).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('keydown'));
    jest.advanceTimersByTime(WEB_VITALS_LOAD_DELAY_MS);
    await flush();
    expect(startWebVitals).toHaveBeenCalledTimes(1);
    expect(startWebVitals).toHaveBeenCalledWith({ host, win: window });
  });

  it('without an act, loads it after the delay', async () => {
    startWebVitalsLater(host, window);
    jest.advanceTimersByTime(WEB_VITALS_LOAD_DELAY_MS - 1);
    await flush();
    expect(startWebVitals).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await flush();
    expect(startWebVitals).toHaveBeenCalledTimes(1);
  });
});
