import type { Locale } from '../contracts/api';
import shellEn from '../../translations/en.json?shell';
import polarisEn from '@shopify/polaris/locales/en.json';

export type Messages = Record<string, string>;
export type PolarisTranslations = typeof polarisEn;

export interface LocaleBundle {
  messages: Messages;
  polaris: PolarisTranslations;
}

/** A page's part of the messages: its namespaces and the frame's (src/i18n/messageParts.json). */
export type MessagePart = keyof (typeof import('./messageParts.json'))['pages'];

/**
 * In the first-load bundle: the shell's English messages (navigation, top
 * bar, loading and error states) and Polaris' English strings. The messages
 * of a page — the frame's and its own namespaces, in its language, English
 * included — are a chunk of their own (webpack.config.ts writes them from
 * translations/), loaded on start while the shop loads; the page renders once
 * they are there (I18nProvider). `/` uses a sixth of all the messages.
 */
export const SHELL_BUNDLE: LocaleBundle = { messages: shellEn, polaris: polarisEn };

/** The browser build's messages' version (`.<12 hex>`, empty in development); undefined in the SSR bundle and jest. */
declare const __MESSAGES_SUFFIX__: string | undefined;
declare const __webpack_public_path__: string;

/**
 * The browser fetches a part as JSON (`assets/i18n/<locale>-<part><version>.json`,
 * scripts/build/messageAssets.ts: data, not one of ~100 chunks every first
 * load's runtime had to name); the server's bundle imports it (one file);
 * jest maps the import to the whole language. webpack drops the branch the
 * build does not take.
 */
const loadPart = (locale: Locale, part: MessagePart): Promise<Messages> =>
  typeof __MESSAGES_SUFFIX__ === 'string'
    ? fetchPart(`${__webpack_public_path__}assets/i18n/${locale}-${part}${__MESSAGES_SUFFIX__}.json`)
    : import(`@message-parts/${locale}/${part}.json`).then((m: { default: Messages }) => m.default);

async function fetchPart(url: string): Promise<Messages> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Messages ${url}: HTTP ${response.status}`);
  return (await response.json()) as Messages;
}

const loading = new Map<string, Promise<LocaleBundle>>();
const loaded = new Map<string, LocaleBundle>();

/**
 * A page's messages in a language (a key missing there falls back to en),
 * loaded once: boot starts it in parallel with the shop call, I18nProvider
 * gets the same promise. A failed load is forgotten, so the next call tries again.
 */
export function loadLocaleBundle(locale: Locale, part: MessagePart): Promise<LocaleBundle> {
  const key = `${locale}/${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = fetchLocaleBundle(locale, part).then(
      (bundle) => {
        loaded.set(key, bundle);
        return bundle;
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** A page's messages if they have loaded already (I18nProvider then starts with them: no second render). */
export const loadedLocaleBundle = (locale: Locale, part: MessagePart): LocaleBundle | undefined =>
  loaded.get(`${locale}/${part}`);

async function fetchLocaleBundle(locale: Locale, part: MessagePart): Promise<LocaleBundle> {
  if (locale === 'en') return { messages: await loadPart('en', part), polaris: polarisEn };
  const [en, messages, polaris] = await Promise.all([
    loadPart('en', part),
    loadPart(locale, part),
    loadPolaris(locale),
  ]);
  return { messages: { ...en, ...messages }, polaris };
}

function loadPolaris(locale: Exclude<Locale, 'en'>): Promise<PolarisTranslations> {
  const polaris = (m: { default: unknown }) => m.default as PolarisTranslations;
  switch (locale) {
    case 'de':
      return import(/* webpackChunkName: "i18n-de" */ '@shopify/polaris/locales/de.json').then(polaris);
    case 'fr':
      return import(/* webpackChunkName: "i18n-fr" */ '@shopify/polaris/locales/fr.json').then(polaris);
    case 'it':
      return import(/* webpackChunkName: "i18n-it" */ '@shopify/polaris/locales/it.json').then(polaris);
    case 'es':
      return import(/* webpackChunkName: "i18n-es" */ '@shopify/polaris/locales/es.json').then(polaris);
  }
}
