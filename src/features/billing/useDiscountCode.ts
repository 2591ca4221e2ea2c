import { useCallback, useEffect, useRef, useState } from 'react';
import { useValidateDiscountMutation } from './billingApi';
import { discountCodeFromQuery, type AppliedDiscount } from './pricing';
import type { DiscountCheck } from '../../contracts/billing';

/**
 * The discount code of the plans page: one from the `discountCode`/`discount`
 * query parameter is validated silently (ignored when invalid); one typed in
 * the modal answers the check so the modal can show the server's message.
 */
export function useDiscountCode(search: string) {
  const [validate, { isLoading }] = useValidateDiscountMutation();
  const [applied, setApplied] = useState<AppliedDiscount | null>(null);
  const fromQuery = useRef(discountCodeFromQuery(search));

  useEffect(() => {
    const code = fromQuery.current;
    if (!code) return;
    let live = true;
    validate({ code })
      .unwrap()
      .then((check) => {
        if (live && check.valid) setApplied({ code: check.code, percentage: check.percentage });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [validate]);

  const apply = useCallback(
    async (code: string): Promise<DiscountCheck> => {
      const check = await validate({ code: code.trim() }).unwrap();
      if (check.valid) setApplied({ code: check.code, percentage: check.percentage });
      return check;
    },
    [validate],
  );

  const remove = useCallback(() => setApplied(null), []);
  return { applied, apply, remove, isValidating: isLoading };
}
