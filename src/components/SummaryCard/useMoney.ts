import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** Formats money in the shop's currency and the interface locale (missing values as 0). */
export function useMoney(currency: string) {
  const intl = useIntl();
  return useCallback(
    (value: number | null | undefined) => {
      try {
        return intl.formatNumber(value ?? 0, { style: 'currency', currency });
      } catch {
        return intl.formatNumber(value ?? 0, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      }
    },
    [intl, currency],
  );
}
