import { combineReducers, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { baseApi } from '../api/baseApi';
import type { ThunkExtra } from '../api/baseQuery';
import type { Host } from '../host/Host';
import { onboardingSlice } from '../features/onboarding/onboardingSlice';
import { dateRangeSlice } from '../components/DateRangePicker/dateRangeSlice';
import { generationStreamSlice } from '../features/gallery/stream/generationStreamSlice';

/**
 * Only UI slices are persisted (each under its own key); the `api` cache and
 * the stream state never are. The onboarding flag lives under the exact
 * localStorage key `hide_onboarding`.
 */
const onboardingReducer = persistReducer(
  { key: 'hide_onboarding', keyPrefix: '', storage, version: 1 },
  onboardingSlice.reducer,
);
const dateRangeReducer = persistReducer(
  { key: 'shoppable-looks:dateRange', keyPrefix: '', storage, version: 1 },
  dateRangeSlice.reducer,
);

export const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [onboardingSlice.reducerPath]: onboardingReducer,
  [dateRangeSlice.reducerPath]: dateRangeReducer,
  [generationStreamSlice.reducerPath]: generationStreamSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export const PERSIST_ACTIONS = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];

/**
 * Redux DevTools on the running app, production build included (developers debug the live app with
 * it): time travel, and a stack trace of where each action was dispatched. It costs nothing without
 * the browser extension. Time travel needs a serializable state: development builds check every
 * action and state (serializableCheck), and the test suite fails on the check's console errors.
 */
export const DEV_TOOLS = { name: 'Shoppable Looks', trace: true, traceLimit: 25 } as const;

/**
 * `server`: the store of a server-side render (src/ssr), whose calls go to the server's own API;
 * `locale`: the interface language of the app's URL, named to the server with every call.
 */
export function makeStore(
  host: Host,
  preloadedState?: Partial<RootState>,
  extra: Omit<ThunkExtra, 'host' | 'addMiddleware'> = {},
) {
  // Middleware that pages add when they load (ThunkExtra.addMiddleware): the generation stream's
  // (src/features/gallery/stream/openGenerationStream.ts) comes with the gallery's edit page, the
  // only one that opens a stream, instead of in every first load.
  const pageMiddleware = createDynamicMiddleware();
  const extraArgument: ThunkExtra = { host, ...extra, addMiddleware: pageMiddleware.addMiddleware };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    devTools: DEV_TOOLS,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: PERSIST_ACTIONS },
        thunk: { extraArgument },
      }).concat(baseApi.middleware, pageMiddleware.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const makePersistor = (store: AppStore) => persistStore(store);
