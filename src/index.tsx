import '@shopify/polaris/build/esm/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { makePersistor, makeStore } from './app/store';
import { selectHost } from './host/selectHost';
import { rememberVerificationToken } from './api/verificationToken';
import { localeFromQuery } from './i18n/locale';

// Boot: read the query (locale, verificationToken), pick the host, render.
rememberVerificationToken(window.location.search);
const queryLocale = localeFromQuery(window.location.search);
const host = selectHost(window);
const store = makeStore(host);
const persistor = makePersistor(store);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} persistor={persistor} host={host} queryLocale={queryLocale} />
  </StrictMode>,
);
