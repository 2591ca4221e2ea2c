import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../i18n/numbers';

/** Formats money in the shop's currency and the interface locale (missing values as 0). */
export function useMoney(currency: string) {
  const intl = useIntl();
  return useCallback((value: number | null | undefined) => formatMoney(intl, value, currency), [intl, currency]);
}
