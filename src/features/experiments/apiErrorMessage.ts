import { errorBody } from '../../api/errors';

/** A sentence ends with its punctuation (field messages come without: they also show under a field). */
const asSentence = (text: string) => {
  const trimmed = text.trim();
  return !trimmed || /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/**
 * The server's message with its field errors, or the fallback; each a sentence. The server words
 * them in the interface language the calls name (`?locale=`, experimentsApi) with the form's field names.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  const body = errorBody(error);
  const fields = Object.values(body.errors ?? {});
  return [body.message ?? fallback, ...fields].map(asSentence).filter(Boolean).join(' ');
}
