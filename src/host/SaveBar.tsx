import { ContextualSaveBar } from '@shopify/polaris';
import { SaveBar } from '@shopify/app-bridge-react';
import { useIntl } from 'react-intl';
import { useHost } from './HostContext';

export interface HostSaveBarProps {
  open: boolean;
  saving?: boolean;
  disabled?: boolean;
  onSave(): void;
  onDiscard(): void;
}

/** App Bridge's save bar inside Shopify admin, Polaris' ContextualSaveBar standalone. */
export function HostSaveBar({ open, saving, disabled, onSave, onDiscard }: HostSaveBarProps) {
  const host = useHost();
  const intl = useIntl();
  if (host.kind === 'appBridge') {
    return (
      <SaveBar id="shoppable-looks-save-bar" open={open}>
        <button variant="primary" onClick={onSave} loading={saving ? '' : undefined} disabled={disabled} />
        <button onClick={onDiscard} disabled={saving} />
      </SaveBar>
    );
  }
  if (!open) return null;
  return (
    <ContextualSaveBar
      message={intl.formatMessage({ id: 'General.unsavedChanges' })}
      saveAction={{ onAction: onSave, loading: saving, disabled, content: intl.formatMessage({ id: 'General.actions.save' }) }}
      discardAction={{ onAction: onDiscard, content: intl.formatMessage({ id: 'General.actions.discard' }) }}
    />
  );
}
