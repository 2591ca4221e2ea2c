import { Modal } from '@shopify/polaris';
import { Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import { errorBody } from '../../api/errors';
import { FormTextField, makeValidate, submitErrorsFrom } from '../../components/form';
import { useRestoreFocus } from '../../components/useRestoreFocus';
import { collectionCreateSchema } from '../../contracts/booster.schema';
import { useHost } from '../../host/HostContext';
import { useCreateCollectionMutation } from './boosterApi';

const validateCollection = makeValidate(collectionCreateSchema);

/** Create modal: name required (SPEC §5) → POST /productLookCollections. */
export function CreateCollectionModal({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const host = useHost();
  const [create] = useCreateCollectionMutation();
  useRestoreFocus(true);
  const onSubmit = async ({ name }: { name: string }) => {
    try {
      await create({ name: name.trim() }).unwrap();
      host.toast(intl.formatMessage({ id: 'Booster.collections.created' }));
      onClose();
      return undefined;
    } catch (error) {
      host.toast(intl.formatMessage({ id: 'Booster.collections.createError' }), { isError: true });
      return submitErrorsFrom(errorBody(error) as { errors?: Record<string, string> });
    }
  };
  return (
    <Form<{ name: string }> onSubmit={onSubmit} initialValues={{ name: '' }} validate={validateCollection}>
      {({ handleSubmit, submitting }) => (
        <Modal
          open
          title={intl.formatMessage({ id: 'Booster.collections.createTitle' })}
          onClose={onClose}
          primaryAction={{
            content: intl.formatMessage({ id: 'Booster.collections.create' }),
            onAction: () => void handleSubmit(),
            loading: submitting,
          }}
          secondaryActions={[{ content: intl.formatMessage({ id: 'General.actions.cancel' }), onAction: onClose }]}
        >
          <Modal.Section>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                // The modal sits inside the booster form in the React tree: do not submit that one.
                e.stopPropagation();
                void handleSubmit();
              }}
            >
              <FormTextField
                name="name"
                label={intl.formatMessage({ id: 'fields.name' })}
                requiredIndicator
                autoFocus
                maxLength={100}
                helpText={intl.formatMessage({ id: 'Booster.collections.nameHelp' })}
              />
            </form>
          </Modal.Section>
        </Modal>
      )}
    </Form>
  );
}
