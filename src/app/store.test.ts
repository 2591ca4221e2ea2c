import { compose } from '@reduxjs/toolkit';
import { DEV_TOOLS, makePersistor, makeStore, rootReducer } from './store';
import { createFakeHost } from '../test/fakeHost';
import { takeConsoleOutput } from '../test/consoleGuard';
import { baseApi } from '../api/baseApi';
import {
  hideOnboarding,
  selectIsOnboardingHidden,
  showOnboarding,
  onboardingSlice,
} from '../features/onboarding/onboardingSlice';

const flush = () => new Promise((r) => setTimeout(r, 50));

describe('store', () => {
  beforeEach(() => localStorage.clear());

  it('has the one api slice and the UI slices', () => {
    const state = makeStore(createFakeHost()).getState();
    expect(Object.keys(state).sort()).toEqual(Object.keys(rootReducer(undefined, { type: '@@init' })).sort());
    expect(state).toHaveProperty(baseApi.reducerPath);
    expect(state).toHaveProperty('onboarding');
  });

  it('persists UI slices only — never the api cache', async () => {
    const store = makeStore(createFakeHost());
    const persistor = makePersistor(store);
    await flush();
    store.dispatch(hideOnboarding());
    store.dispatch(baseApi.util.upsertQueryEntries([]) as never);
    await persistor.flush();
    const keys = Object.keys(localStorage);
    expect(keys).toContain('hide_onboarding');
    expect(JSON.parse(JSON.parse(localStorage.getItem('hide_onboarding')!).hidden)).toBe(true);
    for (const key of keys) {
      expect(key).not.toMatch(/api/i);
      expect(localStorage.getItem(key)).not.toContain('"queries"');
    }
    persistor.pause();
  });

  it('rehydrates the onboarding flag into a new store', async () => {
    const first = makeStore(createFakeHost());
    const p1 = makePersistor(first);
    await flush();
    first.dispatch(hideOnboarding());
    await p1.flush();
    p1.pause();
    const second = makeStore(createFakeHost());
    makePersistor(second);
    await flush();
    expect(selectIsOnboardingHidden(second.getState())).toBe(true);
  });
});

describe('onboarding UI slice', () => {
  it('hides and shows the guide', () => {
    const hidden = onboardingSlice.reducer(undefined, hideOnboarding());
    expect(hidden).toEqual({ hidden: true });
    expect(onboardingSlice.reducer(hidden, showOnboarding())).toEqual({ hidden: false });
    expect(selectIsOnboardingHidden({ onboarding: hidden } as never)).toBe(true);
  });
});

describe('Redux DevTools and serializable state', () => {
  const env = process.env.NODE_ENV;
  type DevToolsWindow = Window & { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: (options: unknown) => typeof compose };
  afterEach(() => {
    process.env.NODE_ENV = env;
    delete (window as DevToolsWindow).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  });

  it.each(['production', 'development'])(
    'connects to the extension with time travel and action traces in a %s build',
    async (mode) => {
      const connected: unknown[] = [];
      (window as DevToolsWindow).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (options) => {
        connected.push(options);
        return compose;
      };
      process.env.NODE_ENV = mode;
      // A fresh module registry: Redux Toolkit picks its production or development build from NODE_ENV.
      await jest.isolateModulesAsync(async () => {
        const store = await import('./store');
        const { createFakeHost: fakeHost } = await import('../test/fakeHost');
        store.makeStore(fakeHost());
      });
      expect(connected).toEqual([expect.objectContaining({ name: 'Shoppable Looks', trace: true, traceLimit: 25 })]);
      expect(DEV_TOOLS).toEqual({ name: 'Shoppable Looks', trace: true, traceLimit: 25 });
    },
  );

  it('checks in development that actions and state stay serializable (time travel replays them)', () => {
    const store = makeStore(createFakeHost());
    store.dispatch({ type: 'test/notSerializable', payload: new Map([['a', 1]]) });
    expect(takeConsoleOutput()).toEqual([
      expect.stringContaining('A non-serializable value was detected in an action, in the path: `payload`'),
    ]);
  });
});
