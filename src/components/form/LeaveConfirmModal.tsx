import { Modal, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useRestoreFocus } from '../useRestoreFocus';

/** "Leave this page?" outside the admin (useLeaveConfirmation): stay, or leave without saving. */
export default function LeaveConfirmModal({ onStay, onLeave }: { onStay(): void; onLeave(): void }) {
  const intl = useIntl();
  // Rendered only while open: focus goes back where it was when it opened.
  useRestoreFocus(true);
  return (
    <Modal
      open
      title={intl.formatMessage({ id: 'LeaveConfirm.title' })}
      onClose={onStay}
      primaryAction={{ content: intl.formatMessage({ id: 'LeaveConfirm.stay' }), onAction: onStay }}
      secondaryActions={[
        { content: intl.formatMessage({ id: 'LeaveConfirm.leave' }), destructive: true, onAction: onLeave },
      ]}
    >
      <Modal.Section>
        <Text as="p">{intl.formatMessage({ id: 'LeaveConfirm.body' })}</Text>
      </Modal.Section>
    </Modal>
  );
}
