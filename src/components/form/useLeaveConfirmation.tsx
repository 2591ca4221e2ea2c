import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useHost } from '../../host/HostContext';
import { useCustomElementDefined } from '../../host/useCustomElement';
import { lazyOnce } from '../lazyOnce';

/**
 * The modal, a chunk of its own: a form's first load does not carry it; it loads once the form has a
 * change (before anyone can leave it), so it opens at once.
 */
const modal = lazyOnce(() => import(/* webpackChunkName: "form-changed" */ './LeaveConfirmModal'));
export const loadLeaveConfirmModal = modal.load;

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
  const host = useHost();
  const saveBarDefined = useCustomElementDefined('ui-save-bar');
  const askHost = host.kind === 'appBridge' && saveBarDefined ? host.leaveConfirmation : undefined;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const blocked = blocker.state === 'blocked' ? blocker : undefined;

  useEffect(() => {
    if (dirty && !askHost) void modal.load().catch(() => undefined); // a failed load is tried again when shown
  }, [dirty, askHost]);

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
  return <modal.Slot onStay={() => blocked.reset()} onLeave={() => blocked.proceed()} fallback={null} />;
}
