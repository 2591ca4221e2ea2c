import { useCallback } from 'react';
import type { FormApi } from 'final-form';
import { useIntl } from 'react-intl';
import { track } from '../../analytics/tracker';
import { errorBody } from '../../api/errors';
import { submitErrorsFrom } from '../../components/form';
import type { LayoutSettings } from '../../contracts/layout';
import { useHost } from '../../host/HostContext';
import { useUpdateLayoutMutation } from './layoutApi';
import { toLayoutFormValues, toLayoutPayload } from './layoutForm';

/** Saves the layout: success/error toast, `layout_updated`, server field errors back into the form. */
export function useLayoutSubmit(page: 'layout' | 'layoutLegacy') {
  const intl = useIntl();
  const host = useHost();
  const [update] = useUpdateLayoutMutation();
  return useCallback(
    async (values: LayoutSettings, form: FormApi<LayoutSettings>) => {
      try {
        const saved = await update(toLayoutPayload(values)).unwrap();
        form.initialize(toLayoutFormValues(saved));
        host.toast(intl.formatMessage({ id: 'General.notifications.updateSuccess' }));
        track('layout_updated', { page, definedTemplate: saved.definedTemplate || 'popup', placementMethod: saved.placementMethod });
        return undefined;
      } catch (error) {
        host.toast(intl.formatMessage({ id: 'General.notifications.updateError' }), { isError: true });
        return submitErrorsFrom(errorBody(error) as { errors?: Record<string, string> });
      }
    },
    [update, host, intl, page],
  );
}
