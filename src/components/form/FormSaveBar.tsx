import { useEffect } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { lazyOnce } from '../lazyOnce';
import { loadLeaveConfirmModal, useLeaveConfirmation } from './useLeaveConfirmation';

/**
 * The save bar (App Bridge's inside Shopify admin, Polaris' standalone): shown only once the form has a
 * change, so a chunk of its own with the leave confirmation's modal (`form-changed`), loaded then —
 * a form's first load does not carry it.
 */
const saveBar = lazyOnce(() =>
  import(/* webpackChunkName: "form-changed" */ '../../host/SaveBar').then((m) => ({ default: m.HostSaveBar })),
);

/** The `form-changed` chunk (the save bar and the leave confirmation), for a test that changes a form at once. */
export const loadFormChanged = () => Promise.all([saveBar.load(), loadLeaveConfirmModal()]);

/**
 * The save bar of a react-final-form form: shown while dirty; Save submits,
 * Discard resets to the initial values; leaving while dirty asks to stay or leave.
 */
export function FormSaveBar({ alwaysOpen = false }: { alwaysOpen?: boolean }) {
  const form = useForm();
  const { dirty, submitting } = useFormState({ subscription: { dirty: true, submitting: true } });
  const leaveModal = useLeaveConfirmation(dirty && !submitting);
  const open = dirty || alwaysOpen;
  useEffect(() => {
    if (open) void saveBar.load().catch(() => undefined); // a failed load is tried again by the slot
  }, [open]);
  return (
    <>
      {open && (
        <saveBar.Slot
          open
          saving={submitting}
          onSave={() => void form.submit()}
          onDiscard={() => form.reset()}
          fallback={null}
        />
      )}
      {leaveModal}
    </>
  );
}
