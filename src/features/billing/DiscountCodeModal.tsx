import { useState } from 'react';
import { Form, FormLayout, Modal, TextField } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { DiscountCheck } from '../../contracts/billing';
import { errorMessage, errorStatus } from '../../api/errors';
import { useRestoreFocus } from '../../components/useRestoreFocus';

interface Props {
  open: boolean;
  onClose(): void;
  /** Validates the code on the server; resolves with the check. */
  onApply(code: string): Promise<DiscountCheck>;
  loading: boolean;
}

/**
 * Enter a discount code: the server's message (or the invalid-code text) shows when it is not valid
 * or too many were tried (429); a check that could not be made (network, server error) says so.
 */
export default function DiscountCodeModal({ open, onClose, onApply, loading }: Props) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  useRestoreFocus(open);

  const close = () => {
    setError(undefined);
    setCode('');
    onClose();
  };

  const submit = async () => {
    if (!code.trim()) {
      setError(intl.formatMessage({ id: 'Billing.discount.required' }));
      return;
    }
    try {
      const check = await onApply(code);
      if (check.valid) close();
      else setError(check.message || intl.formatMessage({ id: 'Billing.discount.invalidCode' }));
    } catch (failure) {
      const status = errorStatus(failure);
      const answered = status !== undefined && status >= 400 && status < 500;
      if (answered) setError(errorMessage(failure) || intl.formatMessage({ id: 'Billing.discount.invalidCode' }));
      else setError(intl.formatMessage({ id: 'Billing.discount.checkFailed' }));
    }
  };

  // Rendered only while open, like every modal here: focus then goes back to the opener at once.
  if (!open) return null;
  return (
    <Modal
      open
      onClose={close}
      title={intl.formatMessage({ id: 'Billing.discount.title' })}
      primaryAction={{ content: intl.formatMessage({ id: 'Billing.discount.apply' }), onAction: submit, loading }}
      secondaryActions={[{ content: intl.formatMessage({ id: 'General.actions.cancel' }), onAction: close }]}
    >
      <Modal.Section>
        <Form onSubmit={submit}>
          <FormLayout>
            <TextField
              label={intl.formatMessage({ id: 'Billing.discount.label' })}
              helpText={intl.formatMessage({ id: 'Billing.discount.help' })}
              value={code}
              onChange={(value) => {
                setCode(value);
                setError(undefined);
              }}
              autoComplete="off"
              autoFocus
              maxLength={40}
              error={error}
            />
          </FormLayout>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
