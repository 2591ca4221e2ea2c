import { useIntl } from 'react-intl';
import type { FieldMetaState } from 'react-final-form';
import { formatValidation } from './validation';

/** Errors show only after a submit attempt (SPEC §5); server-side submit errors show as they come. */
export function useFieldError(meta: FieldMetaState<unknown>): string | undefined {
  const intl = useIntl();
  if (meta.submitError && !meta.dirtySinceLastSubmit) return formatValidation(intl, meta.submitError);
  if (!meta.submitFailed) return undefined;
  return formatValidation(intl, meta.error);
}
