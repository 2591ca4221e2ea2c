import { useCallback, useEffect, useRef, useState } from 'react';
import { isPopupTemplate, type LayoutSettings } from '../../contracts/layout';
import { usePreviewLayoutMutation } from './layoutApi';
import { isValidLayout } from './layoutValidation';
import { isImmediatePreviewChange, PREVIEW_DEBOUNCE_MS, sameLayout, toLayoutPayload } from './layoutForm';

/**
 * Which settings the preview shows: template/placement changes at once,
 * everything else 1500 ms after the last edit. `immediate` (the form holds
 * the saved settings: just loaded, saved or discarded) shows them at once, so
 * a save inside the debounce never leaves the preview on older values.
 */
export function usePreviewSettings(
  values: LayoutSettings,
  immediate = false,
  delay = PREVIEW_DEBOUNCE_MS,
): LayoutSettings {
  const [shown, setShown] = useState(values);
  const last = useRef(values);
  useEffect(() => {
    const prev = last.current;
    last.current = values;
    if (sameLayout(shown, values)) return undefined;
    if (immediate || isImmediatePreviewChange(prev, values)) {
      setShown(values);
      return undefined;
    }
    const timer = setTimeout(() => setShown(values), delay);
    return () => clearTimeout(timer);
  }, [values, immediate, delay, shown]);
  return shown;
}

export interface PreviewState {
  html: string | null;
  loading: boolean;
  popup: boolean;
  /** The last request for the shown settings failed: `html` (if any) is of earlier settings. */
  failed: boolean;
  /** Asks for the shown settings' preview again. */
  retry: () => void;
}

/** Fetches the preview HTML for the shown settings; a failure is kept (with a retry) until one succeeds. */
export function usePreviewHtml(values: LayoutSettings, saved = false): PreviewState {
  const shown = usePreviewSettings(values, saved);
  // Whether the shown settings are the saved ones (read by the effect below, which runs when they change).
  const shownSaved = useRef(saved);
  shownSaved.current = saved && sameLayout(shown, values);
  const [preview, { isLoading }] = usePreviewLayoutMutation();
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const popup = isPopupTemplate(shown.definedTemplate);

  useEffect(() => {
    if (popup) return undefined;
    const payload = toLayoutPayload(shown);
    let current = true;
    // Half-typed invalid values (e.g. an empty button text) keep the last preview. The saved
    // settings (the form is pristine) passed the same schema on the server: their preview asks
    // at once, without loading the schema (it loads once the person acts on the page).
    (shownSaved.current ? Promise.resolve(true) : isValidLayout(payload))
      .then((valid) => (valid && current ? preview(payload).unwrap() : undefined))
      .then((text) => {
        if (!current || text === undefined) return;
        setHtml(text);
        setFailed(false);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [shown, popup, preview, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { html, loading: isLoading, popup, failed: failed && !isLoading, retry };
}
