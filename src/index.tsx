import '@shopify/polaris/build/esm/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startFirstScreen } from './app/boot';
import { makePersistor, makeStore } from './app/store';
import { selectHost } from './host/selectHost';
import { rememberVerificationToken } from './api/verificationToken';
import { localeFromQuery } from './i18n/locale';
import { DEFAULT_LOCALE } from './contracts/api';
import { startWebVitalsAfterPaint } from './analytics/startWebVitals';

// Boot: read the query (locale, verificationToken), pick the host, start the shop call, the page's
// chunk, the messages and the persisted UI state in parallel, render once they are there.
rememberVerificationToken(window.location.search);
const queryLocale = localeFromQuery(window.location.search);
const host = selectHost(window);
const store = makeStore(host);
const persistor = makePersistor(store);

void startFirstScreen(store, { pathname: window.location.pathname, locale: queryLocale ?? DEFAULT_LOCALE, persistor }).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser in between, instead of one long task that blocks input (the page is empty until then).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={store} persistor={persistor.getState().bootstrapped ? undefined : persistor} host={host} queryLocale={queryLocale} />
      </StrictMode>,
    ),
  );
  startWebVitalsAfterPaint(host);
});
