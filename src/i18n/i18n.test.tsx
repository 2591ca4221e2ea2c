import { render, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import en from '../../translations/en.json';
import de from '../../translations/de.json';
import { localeFromQuery, resolveLocale } from './locale';
import { loadLocaleBundle } from './messages';
import { I18nProvider } from './I18nProvider';

describe('locale resolution', () => {
  it.each([
    [undefined, undefined, 'en'],
    [undefined, 'de', 'de'],
    ['fr', 'de', 'fr'],
    ['xx', 'it', 'it'],
    ['xx', 'xx', 'en'],
    [undefined, 'pt', 'en'],
    ['es', undefined, 'es'],
  ])('query %s, shop %s → %s', (query, shop, expected) => {
    expect(resolveLocale(query, shop)).toBe(expected);
  });

  it('reads a supported locale query parameter (region tags too)', () => {
    expect(localeFromQuery('?locale=de')).toBe('de');
    expect(localeFromQuery('?x=1&locale=fr-CA')).toBe('fr');
    expect(localeFromQuery('?locale=IT')).toBe('it');
    expect(localeFromQuery('?locale=pt')).toBeUndefined();
    expect(localeFromQuery('')).toBeUndefined();
  });
});

describe('locale bundles', () => {
  it('en is bundled; de loads its app messages and Polaris strings', async () => {
    expect((await loadLocaleBundle('en')).messages['General.appName']).toBe(en['General.appName']);
    const bundle = await loadLocaleBundle('de');
    expect(bundle.messages['Navigation.settings']).toBe(de['Navigation.settings']);
    expect(bundle.messages['Navigation.settings']).not.toBe(en['Navigation.settings']);
    expect(bundle.polaris.Polaris.Common.cancel).toBe('Abbrechen');
  });

  it.each(['fr', 'it', 'es'] as const)('%s loads with every en key present', async (locale) => {
    const bundle = await loadLocaleBundle(locale);
    expect(Object.keys(bundle.messages).sort()).toEqual(expect.arrayContaining(Object.keys(en)));
  });

  it('I18nProvider switches the UI and <html lang> to the requested language', async () => {
    render(
      <I18nProvider locale="de">
        <FormattedMessage id="Navigation.settings" />
      </I18nProvider>,
    );
    expect(await screen.findByText(de['Navigation.settings'])).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });
});

describe('messages readiness', () => {
  it('is false until the requested language is loaded, then true', async () => {
    const { useMessagesReady } = await import('./I18nProvider');
    function Probe() {
      return <p>{useMessagesReady() ? 'ready' : 'waiting'}</p>;
    }
    render(
      <I18nProvider locale="fr">
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('ready')).toBeInTheDocument();
  });
});
