import { useForm, useFormState } from 'react-final-form';
import { HostSaveBar } from '../../host/SaveBar';
import { useLeaveConfirmation } from './useLeaveConfirmation';

/**
 * The save bar of a react-final-form form: shown while dirty; Save submits,
 * Discard resets to the initial values; leaving while dirty asks to stay or leave.
 */
export function FormSaveBar({ alwaysOpen = false }: { alwaysOpen?: boolean }) {
  const form = useForm();
  const { dirty, submitting } = useFormState({ subscription: { dirty: true, submitting: true } });
  const leaveModal = useLeaveConfirmation(dirty && !submitting);
  return (
    <>
      <HostSaveBar
        open={dirty || alwaysOpen}
        saving={submitting}
        onSave={() => void form.submit()}
        onDiscard={() => form.reset()}
      />
      {leaveModal}
    </>
  );
}
