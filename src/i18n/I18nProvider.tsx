import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { AppProvider, type AppProviderProps } from '@shopify/polaris';
import type { Locale } from '../contracts/api';
import { EN_BUNDLE, loadLocaleBundle, type LocaleBundle } from './messages';

/**
 * react-intl and Polaris in one language. While another language loads, the
 * previous one stays on screen (no flash of keys).
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
  const [loaded, setLoaded] = useState<{ locale: Locale; bundle: LocaleBundle }>({ locale: 'en', bundle: EN_BUNDLE });

  useEffect(() => {
    let cancelled = false;
    loadLocaleBundle(locale)
      .then((bundle) => !cancelled && setLoaded({ locale, bundle }))
      .catch((error) => console.error('Could not load translations', error));
    return () => {
      cancelled = true;
    };
  }, [locale]);

  useEffect(() => {
    document.documentElement.lang = loaded.locale;
  }, [loaded.locale]);

  return (
    <IntlProvider locale={loaded.locale} defaultLocale="en" messages={loaded.bundle.messages} onError={onIntlError}>
      <AppProvider i18n={loaded.bundle.polaris} linkComponent={linkComponent}>{children}</AppProvider>
    </IntlProvider>
  );
}

function onIntlError(error: { code: string; message: string }) {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error.message);
}
