import { getIn } from 'final-form';
import { useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import { formatValidation } from '../../../components/form';

/**
 * The translated error of any path of the look form (also whole-array fields
 * such as relatedItems), shown only after a submit attempt; server submit
 * errors show until the form changes.
 */
export function useLookError(path: string): string | undefined {
  const intl = useIntl();
  const { errors, submitErrors, submitFailed, dirtySinceLastSubmit } = useFormState({
    subscription: { errors: true, submitErrors: true, submitFailed: true, dirtySinceLastSubmit: true },
  });
  const submitError = getIn(submitErrors ?? {}, path);
  if (submitError && !dirtySinceLastSubmit && !Array.isArray(submitError) && typeof submitError !== 'object')
    return String(submitError);
  if (!submitFailed) return undefined;
  const error = getIn(errors ?? {}, path);
  if (!error || Array.isArray(error)) return undefined;
  return formatValidation(intl, error);
}
