import { track } from '../../analytics/tracker';
import { useSaveForm } from '../../components/form';
import type { LayoutSettings } from '../../contracts/layout';
import { useUpdateLayoutMutation } from './layoutApi';
import { toLayoutFormValues, toLayoutPayload } from './layoutForm';

const NO_STATE = {};
const noState = () => NO_STATE;

/** Saves the layout (useSaveForm: toasts, server field errors back into the form) and tracks `layout_updated`. */
export function useLayoutSubmit(page: 'layout' | 'layoutLegacy') {
  // Only the trigger: the request's state is not read here, so its changes (pending, saved) do not
  // render the form and its page again — on Save, that render was part of the click's next paint.
  const [update] = useUpdateLayoutMutation({ selectFromResult: noState });
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
