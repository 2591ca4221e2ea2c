import { EARLY_INPUT_REPLAY } from '../contracts/paintFirst';

/**
 * What a merchant typed or chose in a server-rendered page before the app
 * took it over is kept: the page's loader (server/ssr/paintFirst.ts) records
 * each field edited meanwhile, and once the page is live the app's own
 * handlers receive it as if the merchant did it now (the text is in the
 * form's state, the chosen file is uploaded). Without this, hydration keeps
 * the app's empty state: the typed text is gone at the next render, and a
 * chosen file never reaches the app.
 *
 * Hand-written: React 18 has no such replay (React 19 dispatches a change for
 * fields edited before hydration; this app is on 18).
 */

/** A field's last state, as the loader recorded it when the merchant edited it. */
export interface EarlyEdit {
  value: string;
  checked: boolean;
  files: FileList | null;
  /** Its place among #root's fields (the field that replaces it when the browser rendered the page anew). */
  index: number;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELDS = 'input,textarea,select';

/**
 * Hands the fields edited before the app took the page over to the app's
 * handlers, once (later calls find nothing). Returns how many it handed over.
 * Call it once the page is live (ReplayEarlyClick's effect).
 */
export function replayEarlyInput(win: Window): number {
  const take = (win as unknown as Record<string, unknown>)[EARLY_INPUT_REPLAY];
  if (typeof take !== 'function') return 0;
  const edits = take() as Map<Field, EarlyEdit>;
  const root = win.document.getElementById('root');
  let replayed = 0;
  edits.forEach((edit, recorded) => {
    // Hydrated: the same element. Rendered anew (the browser's render differed): the field at its place.
    const field = recorded.isConnected ? recorded : counterpart(root, recorded, edit.index);
    if (field && replay(field, edit)) replayed++;
  });
  return replayed;
}

function counterpart(root: HTMLElement | null, recorded: Field, index: number): Field | undefined {
  const field = root?.querySelectorAll<Field>(FIELDS)[index];
  const same =
    field && field.tagName === recorded.tagName && field.type === recorded.type && field.name === recorded.name;
  return same ? field : undefined;
}

/** The edit, through the events React listens to; false when the app already has it. */
function replay(field: Field, edit: EarlyEdit): boolean {
  if (field.tagName === 'SELECT') {
    // What the app rendered is the default selection (the server's, or set by React at mount); the DOM may hold the merchant's.
    const options = [...(field as HTMLSelectElement).options];
    const rendered = (options.find((option) => option.defaultSelected) ?? options[0])?.value;
    if (edit.value === rendered) return false;
    field.value = edit.value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }
  const input = field as HTMLInputElement;
  if (input.type === 'file') {
    if (!edit.files?.length) return false;
    if (input.files !== edit.files) input.files = edit.files; // a file dropped, or a field rendered anew
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }
  if (input.type === 'checkbox' || input.type === 'radio') {
    // What the app rendered is the default state (React sets it at mount); the DOM may hold the merchant's.
    if (edit.checked === input.defaultChecked || (input.type === 'radio' && !edit.checked)) return false;
    input.checked = input.defaultChecked; // through React's value tracker: the click below is a change to it
    input.click();
    return true;
  }
  // Text: React keeps the value attribute (defaultValue) equal to what it rendered.
  const text = field as HTMLInputElement | HTMLTextAreaElement;
  const rendered = text.defaultValue;
  text.value = rendered; // through React's value tracker: what the app has
  if (edit.value === rendered) return false;
  nativeValueSetter(text)?.call(text, edit.value); // around it: the DOM differs from the tracker, as after a keystroke
  text.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}

/** The element's own `value` setter (React puts a tracking one on the element itself). */
function nativeValueSetter(field: HTMLInputElement | HTMLTextAreaElement): ((value: string) => void) | undefined {
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
}
