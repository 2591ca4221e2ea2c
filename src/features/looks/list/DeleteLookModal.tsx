import { Modal, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { LookListItem } from '../../../contracts/looks';
import { useHost } from '../../../host/HostContext';
import { track } from '../../../analytics/tracker';
import { useRestoreFocus } from '../../../components/useRestoreFocus';
import { useDeleteLookMutation } from '../looksApi';

/**
 * Confirm, then the look leaves the list at once (optimistic update, the modal closes); the toast
 * and `look_deleted` follow the server's answer, and a failure brings the look back.
 */
export default function DeleteLookModal({ look, onClose }: { look: LookListItem; onClose(): void }) {
  const intl = useIntl();
  const host = useHost();
  const [deleteLook] = useDeleteLookMutation();
  // The row's Delete button leaves with the look: focus then goes to the page's heading.
  useRestoreFocus(true);
  const confirm = () => {
    onClose();
    deleteLook(look.id)
      .unwrap()
      .then(
        () => {
          track('look_deleted', { id: look.id });
          host.toast(intl.formatMessage({ id: 'Looks.notifications.deleteSuccess' }));
        },
        () => host.toast(intl.formatMessage({ id: 'Looks.notifications.deleteError' }), { isError: true }),
      );
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'Looks.delete.title' }, { title: look.title })}
      primaryAction={{
        content: intl.formatMessage({ id: 'Looks.delete.confirm' }),
        destructive: true,
        onAction: confirm,
      }}
      secondaryActions={[{ content: intl.formatMessage({ id: 'General.actions.cancel' }), onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{intl.formatMessage({ id: 'Looks.delete.body' })}</Text>
      </Modal.Section>
    </Modal>
  );
}
