import { Modal, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { LookCollection } from '../../contracts/booster';
import { useHost } from '../../host/HostContext';
import { useDeleteCollectionMutation } from './boosterApi';

/** Confirms deleting a (non-featured) collection. */
export function DeleteCollectionModal({ collection, onClose }: { collection: LookCollection; onClose(): void }) {
  const intl = useIntl();
  const host = useHost();
  const [remove, { isLoading }] = useDeleteCollectionMutation();
  const onDelete = async () => {
    try {
      await remove(collection.id).unwrap();
      host.toast(intl.formatMessage({ id: 'Booster.collections.deleted' }));
      onClose();
    } catch {
      host.toast(intl.formatMessage({ id: 'Booster.collections.deleteError' }), { isError: true });
    }
  };
  return (
    <Modal
      open
      title={intl.formatMessage({ id: 'Booster.collections.deleteTitle' })}
      onClose={onClose}
      primaryAction={{
        content: intl.formatMessage({ id: 'Booster.collections.delete' }),
        destructive: true,
        loading: isLoading,
        onAction: () => void onDelete(),
      }}
      secondaryActions={[{ content: intl.formatMessage({ id: 'General.actions.cancel' }), onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{intl.formatMessage({ id: 'Booster.collections.deleteBody' }, { name: collection.name })}</Text>
      </Modal.Section>
    </Modal>
  );
}
