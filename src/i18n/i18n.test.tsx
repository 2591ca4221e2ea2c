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
    expect((await loadLocaleBundle('en', 'dashboard')).messages['General.appName']).toBe(en['General.appName']);
    const bundle = await loadLocaleBundle('de', 'dashboard');
    expect(bundle.messages['Navigation.settings']).toBe(de['Navigation.settings']);
    expect(bundle.messages['Navigation.settings']).not.toBe(en['Navigation.settings']);
    expect(bundle.polaris.Polaris.Common.cancel).toBe('Abbrechen');
  });

  it.each(['fr', 'it', 'es'] as const)('%s loads with every en key present', async (locale) => {
    const bundle = await loadLocaleBundle(locale, 'settings');
    expect(Object.keys(bundle.messages).sort()).toEqual(expect.arrayContaining(Object.keys(en)));
  });

  it('I18nProvider switches the UI and <html lang> to the requested language', async () => {
    render(
      <I18nProvider locale="de" part="settings">
        <FormattedMessage id="Navigation.settings" />
      </I18nProvider>,
    );
    expect(await screen.findByText(de['Navigation.settings'])).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });
});

describe('messages readiness', () => {
  // Fresh i18n modules, no language loaded yet (the tests above loaded every one); React and the
  // libraries holding its contexts stay the same instances.
  const fresh = async () => {
    const shared = {
      react: await import('react'),
      intl: await import('react-intl'),
      polaris: await import('@shopify/polaris'),
    };
    let modules: [typeof import('./I18nProvider'), typeof import('./messages')] | undefined;
    jest.isolateModules(() => {
      jest.doMock('react', () => shared.react);
      jest.doMock('react-intl', () => shared.intl);
      jest.doMock('@shopify/polaris', () => shared.polaris);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      modules = [require('./I18nProvider'), require('./messages')];
    });
    return modules!;
  };
  const probe = (useMessagesReady: () => boolean) =>
    function Probe() {
      return <p>{useMessagesReady() ? 'ready' : 'waiting'}</p>;
    };

  it('is false until the requested language is loaded, then true', async () => {
    const [{ I18nProvider: FreshProvider, useMessagesReady }] = await fresh();
    const Probe = probe(useMessagesReady);
    render(
      <FreshProvider locale="fr" part="looks">
        <Probe />
      </FreshProvider>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('ready')).toBeInTheDocument();
  });

  it('is true on the first render when the language loaded before (boot loads it in parallel with the shop)', async () => {
    const [{ I18nProvider: FreshProvider, useMessagesReady }, { loadLocaleBundle: load }] = await fresh();
    await load('it', 'looks');
    const Probe = probe(useMessagesReady);
    render(
      <FreshProvider locale="it" part="looks">
        <Probe />
      </FreshProvider>,
    );
    expect(screen.getByText('ready')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('it');
  });

  it("a page's part loads when its page opens; the frame's messages and the earlier parts' stay meanwhile", async () => {
    const [{ I18nProvider: FreshProvider, useMessagesReady, useFrameMessagesReady }, { loadLocaleBundle: load }] =
      await fresh();
    await load('de', 'looks');
    function Probe() {
      return (
        <p>
          {useMessagesReady() ? 'page ready' : 'page waiting'},{' '}
          {useFrameMessagesReady() ? 'frame ready' : 'frame waiting'}
        </p>
      );
    }
    const tree = (part: 'looks' | 'settings') => (
      <FreshProvider locale="de" part={part}>
        <Probe />
        <FormattedMessage id="Navigation.settings" />
      </FreshProvider>
    );
    const { rerender } = render(tree('looks'));
    expect(screen.getByText('page ready, frame ready')).toBeInTheDocument();
    rerender(tree('settings'));
    expect(screen.getByText('page waiting, frame ready')).toBeInTheDocument();
    expect(screen.getByText(de['Navigation.settings'])).toBeInTheDocument();
    expect(await screen.findByText('page ready, frame ready')).toBeInTheDocument();
  });

  it('loads each language once (boot and I18nProvider share the load)', async () => {
    const [, { loadLocaleBundle: load }] = await fresh();
    expect(load('es', 'looks')).toBe(load('es', 'looks'));
    await expect(load('es', 'looks')).resolves.toBeDefined();
  });
});
