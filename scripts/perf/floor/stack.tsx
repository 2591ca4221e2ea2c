/**
 * The stack floor: the floor's bare Polaris page (floor/index.tsx), rendered
 * through the design card's runtime, and nothing of the product. Issue 26: it
 * holds every runtime package of the card that a first screen loads, each used
 * the least way the app uses it. Polaris' Frame around the page as the app has
 * it where `npm run perf` measures (standalone: with Polaris' Navigation, one
 * section of links; App Bridge's NavMenu in its place inside the admin, so
 * @shopify/app-bridge-react is loaded as the app loads it); react-router-dom's
 * data router (createBrowserRouter) with one route, the page. react-final-form
 * with final-form, as the look and layout forms' first screens load them: one
 * Form with one field read through useField. One Redux
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
import { AppProvider, Card, Frame, Navigation, Page, Text } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { combineReducers, configureStore, createSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider, useSelector } from 'react-redux';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { PersistGate } from 'redux-persist/integration/react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { NavMenu } from '@shopify/app-bridge-react';
import { Form, useField } from 'react-final-form';

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
  const { input } = useField<string>('state');
  return (
    <Text as="p">
      <FormattedMessage id="body" values={{ state: isSuccess && !hidden ? input.value : '…' }} />
    </Text>
  );
}

/** One form around the page's body, as the look and layout forms hold their first screens. */
function BodyForm() {
  return (
    <Form onSubmit={() => undefined} initialValues={{ state: 'ready' }}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <Body />
        </form>
      )}
    </Form>
  );
}

const LINKS = [
  { url: '/', label: 'Home' },
  { url: '/pages', label: 'Pages' },
];

/** The Frame's navigation as the app's shell has it: App Bridge's NavMenu in the admin, Polaris' outside. */
const inAdmin = typeof (globalThis as { shopify?: unknown }).shopify !== 'undefined';
const navigation = inAdmin ? undefined : (
  <Navigation location={window.location.pathname}>
    <Navigation.Section items={LINKS} />
  </Navigation>
);

const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <Page title="Stack floor">
        <Card>
          <BodyForm />
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
            <Frame navigation={navigation}>
              {inAdmin && (
                <NavMenu>
                  {LINKS.map(({ url, label }) => (
                    <a key={url} href={url} rel={url === '/' ? 'home' : undefined}>
                      {label}
                    </a>
                  ))}
                </NavMenu>
              )}
              <RouterProvider router={router} />
            </Frame>
          </AppProvider>
        </IntlProvider>
      </PersistGate>
    </Provider>
  </StrictMode>,
);
