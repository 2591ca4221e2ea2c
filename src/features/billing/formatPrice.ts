import type { IntlShape } from 'react-intl';

/** Plan prices are charged in US dollars (app billing), two decimals. */
export const formatPrice = (intl: IntlShape, amount: number) =>
  intl.formatNumber(amount, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
