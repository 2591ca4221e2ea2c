import type { IntlShape } from 'react-intl';

/**
 * Money and number formats shared by every screen, in the interface locale
 * (react-intl). Never build "$5.00" or "50.0 ¢" by hand: a German merchant
 * reads "5,00 $" and "50,0 ¢".
 */

/** Each code's answer, found once (a NumberFormat is built to find it; every amount on a page asks). */
const currencyCodes = new Map<string, boolean>();

const isCurrencyCode = (currency: string) => {
  let valid = currencyCodes.get(currency);
  if (valid === undefined) {
    try {
      new Intl.NumberFormat('en', { style: 'currency', currency });
      valid = true;
    } catch {
      valid = false;
    }
    currencyCodes.set(currency, valid);
  }
  return valid;
};

/**
 * An amount in a currency: "$1,520.50" (en), "1.520,50 $" (de), "1 520,50 $US" (fr).
 * Missing amounts read as 0; a malformed currency code gives a plain two-decimal number.
 * `wholeUnits` drops the decimals (chart axes).
 */
export function formatMoney(
  intl: IntlShape,
  amount: number | string | null | undefined,
  currency: string,
  { wholeUnits = false }: { wholeUnits?: boolean } = {},
): string {
  const value = Number(amount ?? 0) || 0;
  const digits = wholeUnits ? 0 : 2;
  if (!isCurrencyCode(currency))
    return intl.formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return intl.formatNumber(value, {
    style: 'currency',
    currency,
    ...(wholeUnits ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  });
}

/** Cents to one decimal ("50.0", "50,0"): the per-image price of a credit package (SPEC: price per credit × 100). */
export function formatCents(intl: IntlShape, cents: number): string {
  return intl.formatNumber(cents, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
