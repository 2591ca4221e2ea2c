import type { Locale } from '../contracts/api';
import en from '../../translations/en.json';
import polarisEn from '@shopify/polaris/locales/en.json';

export type Messages = Record<string, string>;
export type PolarisTranslations = typeof polarisEn;

export interface LocaleBundle {
  messages: Messages;
  polaris: PolarisTranslations;
}

export const EN_BUNDLE: LocaleBundle = { messages: en, polaris: polarisEn };

/**
 * English is in the first-load bundle; other languages (app messages and
 * Polaris' own strings) load as their own chunks. Missing keys fall back to en.
 */
export async function loadLocaleBundle(locale: Locale): Promise<LocaleBundle> {
  switch (locale) {
    case 'de':
      return merge(await import(/* webpackChunkName: "i18n-de" */ '../../translations/de.json'), await import(/* webpackChunkName: "i18n-de" */ '@shopify/polaris/locales/de.json'));
    case 'fr':
      return merge(await import(/* webpackChunkName: "i18n-fr" */ '../../translations/fr.json'), await import(/* webpackChunkName: "i18n-fr" */ '@shopify/polaris/locales/fr.json'));
    case 'it':
      return merge(await import(/* webpackChunkName: "i18n-it" */ '../../translations/it.json'), await import(/* webpackChunkName: "i18n-it" */ '@shopify/polaris/locales/it.json'));
    case 'es':
      return merge(await import(/* webpackChunkName: "i18n-es" */ '../../translations/es.json'), await import(/* webpackChunkName: "i18n-es" */ '@shopify/polaris/locales/es.json'));
    default:
      return EN_BUNDLE;
  }
}

function merge(messages: { default: Messages }, polaris: { default: unknown }): LocaleBundle {
  return { messages: { ...en, ...messages.default }, polaris: polaris.default as PolarisTranslations };
}
