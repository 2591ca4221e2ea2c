import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useHost } from '../../host/HostContext';

/** SPEC §8: a failed query shows the general error toast once per failure. */
export function useQueryErrorToast(isError: boolean) {
  const intl = useIntl();
  const host = useHost();
  const shown = useRef(false);
  useEffect(() => {
    if (isError && !shown.current) {
      shown.current = true;
      host.toast(intl.formatMessage({ id: 'General.notifications.error' }), { isError: true });
    }
    if (!isError) shown.current = false;
  }, [isError, host, intl]);
}
