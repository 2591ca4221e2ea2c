import { useEffect } from 'react';
import { Modal, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useBlocker } from '../../router';
import { useRestoreFocus } from '../useRestoreFocus';

/**
 * While `dirty`, leaving asks to stay or leave: in-app navigation through a
 * modal (router blocker), closing/reloading the tab through the browser prompt.
 */
export function useLeaveConfirmation(dirty: boolean) {
  const intl = useIntl();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useRestoreFocus(blocker.state === 'blocked');

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const modal =
    blocker.state === 'blocked' ? (
      <Modal
        open
        title={intl.formatMessage({ id: 'LeaveConfirm.title' })}
        onClose={() => blocker.reset?.()}
        primaryAction={{ content: intl.formatMessage({ id: 'LeaveConfirm.stay' }), onAction: () => blocker.reset?.() }}
        secondaryActions={[{ content: intl.formatMessage({ id: 'LeaveConfirm.leave' }), destructive: true, onAction: () => blocker.proceed?.() }]}
      >
        <Modal.Section>
          <Text as="p">{intl.formatMessage({ id: 'LeaveConfirm.body' })}</Text>
        </Modal.Section>
      </Modal>
    ) : null;
  return modal;
}
