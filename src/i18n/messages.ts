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

/** The full bundle of a language; missing keys fall back to en. */
export async function loadLocaleBundle(locale: Locale): Promise<LocaleBundle> {
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
