import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { AppProvider, type AppProviderProps } from '@shopify/polaris';
import type { Locale } from '../contracts/api';
import { loadedLocaleBundle, loadLocaleBundle, SHELL_BUNDLE, type LocaleBundle } from './messages';

const MessagesReady = createContext(true);

/** False until the full messages of the requested language are loaded (only the shell's are before). */
export const useMessagesReady = () => useContext(MessagesReady);

/**
 * react-intl and Polaris in one language. Starts with the shell's English
 * messages; while a language loads, the previous one stays on screen (no
 * flash of keys) and useMessagesReady() is false.
 */
export function I18nProvider({
  locale,
  linkComponent,
  children,
}: {
  locale: Locale;
  linkComponent?: AppProviderProps['linkComponent'];
  children: ReactNode;
}) {
  const [loaded, setLoaded] = useState<{ locale: Locale; bundle: LocaleBundle; complete: boolean }>(() => {
    const bundle = loadedLocaleBundle(locale);
    return bundle ? { locale, bundle, complete: true } : { locale: 'en', bundle: SHELL_BUNDLE, complete: false };
  });

  useEffect(() => {
    let cancelled = false;
    loadLocaleBundle(locale)
      .then((bundle) => {
        // Started with this bundle (loaded before the first render): keep the state, no re-render.
        if (!cancelled) setLoaded((prev) => (prev.locale === locale && prev.bundle === bundle && prev.complete ? prev : { locale, bundle, complete: true }));
      })
      .catch((error) => {
        console.error('Could not load translations', error);
        // Never keep the pages waiting: show what we have (missing keys fall back to their ids).
        if (!cancelled) setLoaded((prev) => ({ ...prev, locale, complete: true }));
      });
    return () => {
      cancelled = true;
    };
  }, [locale]);

  useEffect(() => {
    // Only if it changes: setting it at all makes the browser restyle every element (`:lang`).
    if (document.documentElement.lang !== loaded.locale) document.documentElement.lang = loaded.locale;
  }, [loaded.locale]);

  return (
    <MessagesReady.Provider value={loaded.complete && loaded.locale === locale}>
      <IntlProvider locale={loaded.locale} defaultLocale="en" messages={loaded.bundle.messages} onError={onIntlError}>
        <AppProvider i18n={loaded.bundle.polaris} linkComponent={linkComponent}>
          {children}
        </AppProvider>
      </IntlProvider>
    </MessagesReady.Provider>
  );
}

function onIntlError(error: { code: string; message: string }) {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error.message);
}
