import { useIntl } from 'react-intl';
import type { SubmissionErrors } from 'final-form';
import { errorBody, errorCode, errorStatus } from '../../api/errors';
import { submitErrorsFrom } from '../../components/form';
import { PLAN_UPGRADE_REQUIRED } from '../../contracts/looks';
import { useHost } from '../../host/HostContext';

/**
 * Maps a failed create/update to the form: plan limit → upgrade notice,
 * 400 with field errors → submit errors, anything else → the error toast.
 */
export function useLookSubmitErrors(onUpgradeRequired: () => void, toastId: string) {
  const intl = useIntl();
  const host = useHost();
  return (error: unknown): SubmissionErrors | undefined => {
    if (errorCode(error) === PLAN_UPGRADE_REQUIRED) {
      onUpgradeRequired();
      document.getElementById('AppFrameMain')?.scrollIntoView?.({ behavior: 'smooth' });
      return undefined;
    }
    const fieldErrors = errorStatus(error) === 400 ? submitErrorsFrom(errorBody(error)) : undefined;
    if (fieldErrors) return fieldErrors;
    host.toast(intl.formatMessage({ id: toastId }), { isError: true });
    return undefined;
  };
}
