import type { Locale } from '../contracts/api';
import shellEn from '../../translations/en.json?shell';
import polarisEn from '@shopify/polaris/locales/en.json';

export type Messages = Record<string, string>;
export type PolarisTranslations = typeof polarisEn;

export interface LocaleBundle {
  messages: Messages;
  polaris: PolarisTranslations;
}

/**
 * In the first-load bundle: the shell's English messages (navigation, top
 * bar, loading and error states) and Polaris' English strings. Every full
 * language bundle — English included — is its own chunk, loaded on start
 * while the shop loads; pages render once it is there (I18nProvider).
 */
export const SHELL_BUNDLE: LocaleBundle = { messages: shellEn, polaris: polarisEn };

const loadEn = () => import(/* webpackChunkName: "i18n-en" */ '../../translations/en.json').then((m) => m.default as Messages);

const loading = new Map<Locale, Promise<LocaleBundle>>();
const loaded = new Map<Locale, LocaleBundle>();

/**
 * The full bundle of a language (missing keys fall back to en), loaded once:
 * boot starts it in parallel with the shop call, I18nProvider gets the same
 * promise. A failed load is forgotten, so the next call tries again.
 */
export function loadLocaleBundle(locale: Locale): Promise<LocaleBundle> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = fetchLocaleBundle(locale).then(
      (bundle) => {
        loaded.set(locale, bundle);
        return bundle;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, promise);
  }
  return promise;
}

/** The bundle of a language if it has loaded already (I18nProvider then starts with it: no second render). */
export const loadedLocaleBundle = (locale: Locale): LocaleBundle | undefined => loaded.get(locale);

async function fetchLocaleBundle(locale: Locale): Promise<LocaleBundle> {
  const en = await loadEn();
  switch (locale) {
    case 'de':
      return merge(en, await import(/* webpackChunkName: "i18n-de" */ '../../translations/de.json'), await import(/* webpackChunkName: "i18n-de" */ '@shopify/polaris/locales/de.json'));
    case 'fr':
      return merge(en, await import(/* webpackChunkName: "i18n-fr" */ '../../translations/fr.json'), await import(/* webpackChunkName: "i18n-fr" */ '@shopify/polaris/locales/fr.json'));
    case 'it':
      return merge(en, await import(/* webpackChunkName: "i18n-it" */ '../../translations/it.json'), await import(/* webpackChunkName: "i18n-it" */ '@shopify/polaris/locales/it.json'));
    case 'es':
      return merge(en, await import(/* webpackChunkName: "i18n-es" */ '../../translations/es.json'), await import(/* webpackChunkName: "i18n-es" */ '@shopify/polaris/locales/es.json'));
    default:
      return { messages: en, polaris: polarisEn };
  }
}

function merge(en: Messages, messages: { default: Messages }, polaris: { default: unknown }): LocaleBundle {
  return { messages: { ...en, ...messages.default }, polaris: polaris.default as PolarisTranslations };
}
