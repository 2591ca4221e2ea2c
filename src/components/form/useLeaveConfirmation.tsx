import { useEffect } from 'react';
import { Modal, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useBlocker } from 'react-router-dom';
import { useHost } from '../../host/HostContext';
import { useCustomElementDefined } from '../../host/useCustomElement';
import { useRestoreFocus } from '../useRestoreFocus';

/**
 * While `dirty`, leaving asks to stay or leave. In-app navigation — links,
 * navigate(), back/forward (undone until the answer) — is held by
 * react-router's blocker; the question is the platform's where it has one:
 * inside Shopify admin with App Bridge's save bar (shown while dirty, see
 * FormSaveBar), App Bridge's leave confirmation, the admin's own dialog;
 * elsewhere (standalone, or App Bridge without its save bar) a Polaris modal.
 * Closing or reloading the tab asks through the browser's prompt.
 * Returns the modal to render (null inside the admin).
 */
export function useLeaveConfirmation(dirty: boolean) {
  const intl = useIntl();
  const host = useHost();
  const saveBarDefined = useCustomElementDefined('ui-save-bar');
  const askHost = host.kind === 'appBridge' && saveBarDefined ? host.leaveConfirmation : undefined;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked' ? blocker : undefined;
  useRestoreFocus(!!blocked && !askHost);

  useEffect(() => {
    if (!blocked || !askHost) return;
    let asking = true; // a newer navigation asks again; this answer is then stale
    askHost().then(
      () => asking && blocked.proceed(),
      () => asking && blocked.reset(),
    );
    return () => {
      asking = false;
    };
  }, [blocked, askHost]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  if (!blocked || askHost) return null;
  return (
    <Modal
      open
      title={intl.formatMessage({ id: 'LeaveConfirm.title' })}
      onClose={() => blocked.reset()}
      primaryAction={{ content: intl.formatMessage({ id: 'LeaveConfirm.stay' }), onAction: () => blocked.reset() }}
      secondaryActions={[
        {
          content: intl.formatMessage({ id: 'LeaveConfirm.leave' }),
          destructive: true,
          onAction: () => blocked.proceed(),
        },
      ]}
    >
      <Modal.Section>
        <Text as="p">{intl.formatMessage({ id: 'LeaveConfirm.body' })}</Text>
      </Modal.Section>
    </Modal>
  );
}
