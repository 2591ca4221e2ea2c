import { useCallback, useEffect, useRef, useState } from 'react';
import { useValidateDiscountMutation } from './billingApi';
import { discountCodeFromQuery, type AppliedDiscount } from './pricing';
import type { DiscountCheck } from '../../contracts/billing';
import { errorMessage, errorStatus } from '../../api/errors';

/**
 * The discount code of the plans page: one from the `discountCode`/`discount`
 * query parameter is validated silently (ignored when invalid; `unchecked` with a
 * retry when the check itself failed); one typed in the modal answers the check
 * so the modal can show the server's message.
 */
export function useDiscountCode(search: string) {
  const [validate, { isLoading }] = useValidateDiscountMutation();
  const [applied, setApplied] = useState<AppliedDiscount | null>(null);
  const fromQuery = useRef(discountCodeFromQuery(search));
  const [unchecked, setUnchecked] = useState<string | null>(null);
  /** The server refused to check the link's code now (too many attempts): its message, not a retry. */
  const [refused, setRefused] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const code = fromQuery.current;
    if (!code) return;
    let live = true;
    validate({ code })
      .unwrap()
      .then((check) => {
        if (!live) return;
        setUnchecked(null);
        if (check.valid) setApplied({ code: check.code, percentage: check.percentage });
      })
      .catch((failure: unknown) => {
        if (!live) return;
        const message = errorStatus(failure) === 429 ? errorMessage(failure) : undefined;
        if (message) setRefused(message);
        else setUnchecked(code);
      });
    return () => {
      live = false;
    };
  }, [validate, attempt]);

  const retryUnchecked = useCallback(() => setAttempt((n) => n + 1), []);

  const apply = useCallback(
    async (code: string): Promise<DiscountCheck> => {
      const check = await validate({ code: code.trim() }).unwrap();
      if (check.valid) {
        setApplied({ code: check.code, percentage: check.percentage });
        setUnchecked(null);
      }
      return check;
    },
    [validate],
  );

  const remove = useCallback(() => setApplied(null), []);
  return { applied, apply, remove, isValidating: isLoading, unchecked, retryUnchecked, refused };
}
