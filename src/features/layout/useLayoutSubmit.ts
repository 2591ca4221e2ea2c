import { track } from '../../analytics/tracker';
import { useSaveForm } from '../../components/form';
import type { LayoutSettings } from '../../contracts/layout';
import { useUpdateLayoutMutation } from './layoutApi';
import { toLayoutFormValues, toLayoutPayload } from './layoutForm';

/** Saves the layout (useSaveForm: toasts, server field errors back into the form) and tracks `layout_updated`. */
export function useLayoutSubmit(page: 'layout' | 'layoutLegacy') {
  const [update] = useUpdateLayoutMutation();
  return useSaveForm<LayoutSettings, LayoutSettings>({
    save: (values) => update(toLayoutPayload(values)).unwrap(),
    toFormValues: toLayoutFormValues,
    onSaved: (saved) =>
      track('layout_updated', {
        page,
        definedTemplate: saved.definedTemplate || 'popup',
        placementMethod: saved.placementMethod,
      }),
  });
}
