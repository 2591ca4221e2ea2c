/** A form's values in, its nested errors out (a react-final-form `validate`, as makeValidate builds one). */
export type ValidateValues = (values: unknown) => Record<string, unknown>;

/** What a person does on the page before anything of a form can be saved: focus, a key, a pointer, a change. */
const USER_ACTS = ['pointerdown', 'keydown', 'focusin', 'click', 'input', 'change'] as const;

/**
 * A react-final-form `validate` whose validation code (yup and the form's
 * schema: ~12 KB brotli on the look form) is a chunk of its own, loaded once
 * the person first acts on the page (a focus, a key, a pointer) instead of
 * with the page: nothing shows a validation error before then, and the first
 * screen does not wait for it. yup stays the validator (the design card's);
 * only its loading moves.
 *
 * It answers with a Promise (final-form's asynchronous record-level
 * validation): final-form marks the form `validating` and a submit waits for
 * it, then submits or shows the errors. Every answer stays a Promise, also
 * once the chunk is there: final-form keeps asynchronous errors until the next
 * asynchronous answer, so a synchronous one would leave stale errors beside
 * its own. On the server (no window) the chunk loads at once. A chunk that
 * fails to load answers "no errors" (the server validates the same schema and
 * answers a 400 with the field errors) and is asked for again on the next act.
 */
export function lazyValidate(
  load: () => Promise<ValidateValues>,
  // null: no window (the server render).
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined' ? null : window,
): (values: unknown) => Promise<Record<string, unknown>> {
  let loaded: Promise<ValidateValues | undefined> | undefined;
  let acted: Promise<void> | undefined;
  const start = () =>
    (loaded ??= load().catch(() => {
      loaded = undefined;
      acted = undefined;
      return undefined;
    }));
  // Resolves on the person's first act on the page (listeners on the window, capture: before the page's own handlers).
  const firstAct = () =>
    (acted ??= new Promise<void>((resolve) => {
      if (!win) return resolve();
      const onAct = () => {
        USER_ACTS.forEach((type) => win.removeEventListener(type, onAct, true));
        resolve();
      };
      USER_ACTS.forEach((type) => win.addEventListener(type, onAct, true));
    }));
  return async (values) => {
    if (!loaded) await firstAct();
    const validate = await start();
    return validate ? validate(values) : {};
  };
}
