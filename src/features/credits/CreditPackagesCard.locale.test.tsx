import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { creditPackages } from '../../test/fixtures';
import en from '../../../translations/en.json';
import de from '../../../translations/de.json';
import fr from '../../../translations/fr.json';
import { CreditPackagesCard } from './CreditPackagesCard';

const packageBox = (name: string) => screen.getByRole('heading', { name }).closest('.Polaris-Box') as HTMLElement;

describe('CreditPackagesCard in other languages', () => {
  it.each([
    ['de', de, '5,00 $', '10 Credits · 50,0 ¢ pro Bild', '20,00 $'],
    ['fr', fr, '5,00 $US', '10 crédits · 50,0 ¢ par image', '20,00 $US'],
  ])(
    '%s: prices, credits and the per-image price in the locale',
    async (locale, messages, starterPrice, starterLine, popularPrice) => {
      mockBackend({ 'GET /credits/packages': ok(creditPackages()) });
      renderWithProviders(<CreditPackagesCard />, { locale, messages: { ...en, ...messages } });
      expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument();
      // Intl separates number and currency with a no-break space; the default text matcher reads it as a space.
      expect(within(packageBox('Starter')).getByText(starterPrice)).toBeInTheDocument();
      expect(within(packageBox('Starter')).getByText(starterLine)).toBeInTheDocument();
      expect(within(packageBox('Popular')).getByText(popularPrice)).toBeInTheDocument();
    },
  );

  it.each([
    ['de', de, 'Credit-Paket nicht gefunden.'],
    ['fr', fr, 'Pack de crédits introuvable.'],
  ])(
    "%s: a purchase refused by the server (answering in the shop's English) reads in the interface language",
    async (locale, messages, text) => {
      mockBackend({
        'GET /credits/packages': ok(creditPackages()),
        'POST /credits/purchase/:packageId': fail(404, 'Credit package not found.', { code: 'not_found' }),
      });
      renderWithProviders(<CreditPackagesCard />, { locale, messages: { ...en, ...messages } });
      await userEvent.click(
        await screen.findByRole('button', {
          name: (messages as Record<string, string>)['Credits.packages.buyLabel'].replace('{name}', 'Starter'),
        }),
      );
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByText('Credit package not found.')).toBeNull();
    },
  );
});
