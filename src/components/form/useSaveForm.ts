import { useCallback, useRef } from 'react';
import type { FormApi, SubmissionErrors } from 'final-form';
import { useIntl } from 'react-intl';
import { errorBody } from '../../api/errors';
import { useHost } from '../../host/HostContext';
import { submitErrorsFrom } from './validation';

export interface SaveFormOptions<Values, Saved> {
  /** Sends the form's values (e.g. `(v) => update(toPayload(v)).unwrap()`); throws the API error. */
  save: (values: Values) => Promise<Saved>;
  /** The saved answer as the form's new initial values (the save bar goes away). */
  toFormValues: (saved: Saved) => Values;
  /** After a successful save (the page's analytics event). */
  onSaved?: (saved: Saved) => void;
}

/**
 * The submit handler of a settings-style page (settings, booster, layout): saves, takes the answer
 * as the form's initial values, says so in a toast; on failure an error toast and the server's
 * field errors back into the form.
 */
export function useSaveForm<Values, Saved>(options: SaveFormOptions<Values, Saved>) {
  const intl = useIntl();
  const host = useHost();
  // The page's functions change every render; the handler reads the latest without changing itself.
  const latest = useRef(options);
  latest.current = options;
  return useCallback(
    async (values: Values, form: FormApi<Values>): Promise<SubmissionErrors | undefined> => {
      const { save, toFormValues, onSaved } = latest.current;
      let saved: Saved;
      try {
        saved = await save(values);
      } catch (error) {
        host.toast(intl.formatMessage({ id: 'General.notifications.updateError' }), { isError: true });
        return submitErrorsFrom(errorBody(error) as { errors?: Record<string, string> });
      }
      form.initialize(toFormValues(saved));
      host.toast(intl.formatMessage({ id: 'General.notifications.updateSuccess' }));
      onSaved?.(saved);
      return undefined;
    },
    [host, intl],
  );
}
