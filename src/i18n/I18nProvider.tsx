import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { AppProvider, type AppProviderProps } from '@shopify/polaris';
import type { Locale } from '../contracts/api';
import { loadedLocaleBundle, loadLocaleBundle, SHELL_BUNDLE, type LocaleBundle, type MessagePart } from './messages';

const MessagesReady = createContext(true);
const FrameMessagesReady = createContext(true);

/** False until the messages of the requested language and page are loaded (only the shell's are before). */
export const useMessagesReady = () => useContext(MessagesReady);

/**
 * False until a part of the requested language is loaded: each has the
 * frame's messages (banners, notices), which then stay while the next page's
 * part loads.
 */
export const useFrameMessagesReady = () => useContext(FrameMessagesReady);

interface Loaded {
  locale: Locale;
  /** The part whose messages are in (with those of the parts before it, in the same language). */
  part: MessagePart | undefined;
  bundle: LocaleBundle;
}

/**
 * react-intl and Polaris in one language. Starts with the shell's English
 * messages and adds each page's part (`part`) as the pages open; while a part
 * or a language loads, what is there stays on screen (no flash of keys) and
 * useMessagesReady() is false.
 */
export function I18nProvider({
  locale,
  part,
  linkComponent,
  children,
}: {
  locale: Locale;
  /** The page's part of the messages; none: the shell's only. */
  part?: MessagePart;
  linkComponent?: AppProviderProps['linkComponent'];
  children: ReactNode;
}) {
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const bundle = part && loadedLocaleBundle(locale, part);
    return bundle ? { locale, part, bundle } : { locale: 'en', part: undefined, bundle: SHELL_BUNDLE };
  });

  useEffect(() => {
    if (!part) return;
    let cancelled = false;
    const add =
      (bundle: LocaleBundle) =>
      (prev: Loaded): Loaded => {
        // Started with these messages (loaded before the first render): keep the state, no re-render.
        if (prev.locale === locale && prev.part === part) return prev;
        const messages =
          prev.locale === locale
            ? { ...prev.bundle.messages, ...bundle.messages }
            : { ...SHELL_BUNDLE.messages, ...bundle.messages };
        return { locale, part, bundle: { messages, polaris: bundle.polaris } };
      };
    loadLocaleBundle(locale, part)
      .then((bundle) => {
        if (!cancelled) setLoaded(add(bundle));
      })
      .catch((error) => {
        console.error('Could not load translations', error);
        // Never keep the pages waiting: show what we have (missing keys fall back to their ids).
        if (!cancelled) setLoaded((prev) => ({ ...prev, locale, part }));
      });
    return () => {
      cancelled = true;
    };
  }, [locale, part]);

  useEffect(() => {
    // Only if it changes: setting it at all makes the browser restyle every element (`:lang`).
    if (document.documentElement.lang !== loaded.locale) document.documentElement.lang = loaded.locale;
  }, [loaded.locale]);

  return (
    <FrameMessagesReady.Provider value={loaded.locale === locale && loaded.part !== undefined}>
      <MessagesReady.Provider value={loaded.locale === locale && loaded.part === part}>
        <IntlProvider locale={loaded.locale} defaultLocale="en" messages={loaded.bundle.messages} onError={onIntlError}>
          <AppProvider i18n={loaded.bundle.polaris} linkComponent={linkComponent}>
            {children}
          </AppProvider>
        </IntlProvider>
      </MessagesReady.Provider>
    </FrameMessagesReady.Provider>
  );
}

function onIntlError(error: { code: string; message: string }) {
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error.message);
}
