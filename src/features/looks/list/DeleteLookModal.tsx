import { Modal, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { LookListItem } from '../../../contracts/looks';
import { useHost } from '../../../host/HostContext';
import { track } from '../../../analytics/tracker';
import { useDeleteLookMutation } from '../looksApi';

/** Confirm, delete, toast, track `look_deleted`. */
export function DeleteLookModal({ look, onClose }: { look: LookListItem; onClose(): void }) {
  const intl = useIntl();
  const host = useHost();
  const [deleteLook, { isLoading }] = useDeleteLookMutation();
  const confirm = async () => {
    try {
      await deleteLook(look.id).unwrap();
      track('look_deleted', { id: look.id });
      host.toast(intl.formatMessage({ id: 'Looks.notifications.deleteSuccess' }));
    } catch {
      host.toast(intl.formatMessage({ id: 'Looks.notifications.deleteError' }), { isError: true });
    }
    onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'Looks.delete.title' }, { title: look.title })}
      primaryAction={{ content: intl.formatMessage({ id: 'Looks.delete.confirm' }), destructive: true, loading: isLoading, onAction: confirm }}
      secondaryActions={[{ content: intl.formatMessage({ id: 'General.actions.cancel' }), onAction: onClose, disabled: isLoading }]}
    >
      <Modal.Section>
        <Text as="p">{intl.formatMessage({ id: 'Looks.delete.body' })}</Text>
      </Modal.Section>
    </Modal>
  );
}
