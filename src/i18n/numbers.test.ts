import { createIntl } from 'react-intl';
import { formatCents, formatMoney } from './numbers';

const intl = (locale: string) => createIntl({ locale, messages: {}, onError: () => undefined });
// Intl puts a (narrow) no-break space between number and symbol in some locales.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it.each([
    ['en', '$1,520.50'],
    ['de', '1.520,50 $'],
    ['fr', '1 520,50 $US'],
    ['it', '1520,50 USD'],
    ['es', '1520,50 US$'],
  ])('%s: %s', (locale, expected) => {
    expect(plain(formatMoney(intl(locale), 1520.5, 'USD'))).toBe(expected);
  });

  it('uses the given currency and its own decimals', () => {
    expect(plain(formatMoney(intl('de'), 5, 'EUR'))).toBe('5,00 €');
    expect(plain(formatMoney(intl('en'), 1200, 'JPY'))).toBe('¥1,200');
  });

  it('reads missing or non-numeric amounts as 0, drops decimals on request', () => {
    expect(formatMoney(intl('en'), null, 'USD')).toBe('$0.00');
    expect(formatMoney(intl('en'), '12.5', 'USD')).toBe('$12.50');
    expect(plain(formatMoney(intl('de'), 1500, 'EUR', { wholeUnits: true }))).toBe('1.500 €');
  });

  it('falls back to a plain number for a malformed currency code', () => {
    expect(formatMoney(intl('de'), 5, 'dollars')).toBe('5,00');
  });
});

describe('formatCents', () => {
  it('has one decimal in the locale', () => {
    expect(formatCents(intl('en'), 50)).toBe('50.0');
    expect(formatCents(intl('de'), 33.333)).toBe('33,3');
    expect(formatCents(intl('fr'), 40)).toBe('40,0');
  });
});
