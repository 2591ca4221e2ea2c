/**
 * The stack floor: the floor's bare Polaris page (floor/index.tsx), rendered
 * through the design card's runtime, and nothing of the product. Polaris'
 * Frame around the page, as the app has it; react-router-dom's data router
 * (createBrowserRouter) with one route, the page. One Redux
 * store from `configureStore` holding one RTK Query `createApi` (fetchBaseQuery,
 * one endpoint read through its hook) and one UI slice persisted with
 * redux-persist (PersistGate), react-redux's Provider and a selector, and
 * react-intl with a message precompiled to its AST as the app's are (the
 * app's alias drops the ICU parser here too). `npm run perf` measures it
 * beside the floor: the least any page of an admin built on this stack loads.
 */
import '@shopify/polaris/build/esm/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider, Card, Frame, Page, Text } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { combineReducers, configureStore, createSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider, useSelector } from 'react-redux';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { PersistGate } from 'redux-persist/integration/react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/' }),
  endpoints: (build) => ({
    logo: build.query<string, void>({ query: () => ({ url: 'logo.svg', responseHandler: 'text' }) }),
  }),
});

const ui = createSlice({
  name: 'ui',
  initialState: { hidden: false },
  reducers: { hide: (state) => void (state.hidden = true) },
});

const store = configureStore({
  reducer: combineReducers({
    [api.reducerPath]: api.reducer,
    ui: persistReducer({ key: 'stack-floor', storage }, ui.reducer),
  }),
  middleware: (getDefault) =>
    getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
      api.middleware,
    ),
});
const persistor = persistStore(store);

// As src/i18n/compileMessagesLoader.cjs writes them: ICU ASTs, no parser at run time.
const messages = {
  body: [
    { type: 0, value: 'A bare Polaris page on the design card’s stack: ' },
    { type: 1, value: 'state' },
  ],
};

function Body() {
  const { isSuccess } = api.useLogoQuery();
  const hidden = useSelector((state: ReturnType<typeof store.getState>) => state.ui.hidden);
  return (
    <Text as="p">
      <FormattedMessage id="body" values={{ state: isSuccess && !hidden ? 'ready' : '…' }} />
    </Text>
  );
}

const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <Page title="Stack floor">
        <Card>
          <Body />
        </Card>
      </Page>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate persistor={persistor}>
        <IntlProvider locale="en" messages={messages as never}>
          <AppProvider i18n={en}>
            <Frame>
              <RouterProvider router={router} />
            </Frame>
          </AppProvider>
        </IntlProvider>
      </PersistGate>
    </Provider>
  </StrictMode>,
);
