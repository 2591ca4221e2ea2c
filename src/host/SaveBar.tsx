import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { ContextualSaveBar } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useHost } from './HostContext';
import { useCustomElementDefined } from './useCustomElement';

export interface HostSaveBarProps {
  open: boolean;
  saving?: boolean;
  disabled?: boolean;
  onSave(): void;
  onDiscard(): void;
}

const SAVE_BAR_ID = 'shoppable-looks-save-bar';

/**
 * App Bridge's save bar inside Shopify admin, Polaris' ContextualSaveBar standalone — and whenever
 * App Bridge's `ui-save-bar` is not there or not working (script blocked or slow, a partial App Bridge).
 */
export function HostSaveBar(props: HostSaveBarProps) {
  const host = useHost();
  const defined = useCustomElementDefined('ui-save-bar');
  const [unusable, setUnusable] = useState(false);
  const fallBack = useCallback(() => setUnusable(true), []);
  if (host.kind === 'appBridge' && defined && !unusable) return <AppBridgeSaveBar {...props} onUnusable={fallBack} />;
  return <PolarisSaveBar {...props} />;
}

type SaveBarElement = HTMLElement & { show?: unknown; hide?: unknown };

/** `<ui-save-bar>` shown and hidden through its methods; a stand-in element without them falls back. */
function AppBridgeSaveBar({
  open,
  saving,
  disabled,
  onSave,
  onDiscard,
  onUnusable,
}: HostSaveBarProps & { onUnusable(): void }) {
  const ref = useRef<SaveBarElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof el.show !== 'function' || typeof el.hide !== 'function') {
      onUnusable();
      return;
    }
    if (open) el.show();
    else el.hide();
  }, [open, onUnusable]);
  useEffect(() => {
    const el = ref.current;
    return () => {
      if (typeof el?.hide === 'function') el.hide();
    };
  }, []);
  return createElement(
    'ui-save-bar',
    { id: SAVE_BAR_ID, ref },
    <button variant="primary" onClick={onSave} loading={saving ? '' : undefined} disabled={disabled} />,
    <button onClick={onDiscard} disabled={saving} />,
  );
}

function PolarisSaveBar({ open, saving, disabled, onSave, onDiscard }: HostSaveBarProps) {
  const intl = useIntl();
  if (!open) return null;
  return (
    <ContextualSaveBar
      message={intl.formatMessage({ id: 'General.unsavedChanges' })}
      saveAction={{
        onAction: onSave,
        loading: saving,
        disabled,
        content: intl.formatMessage({ id: 'General.actions.save' }),
      }}
      discardAction={{ onAction: onDiscard, content: intl.formatMessage({ id: 'General.actions.discard' }) }}
    />
  );
}
