import { setIn } from 'final-form';
import type { IntlShape } from 'react-intl';
import { isValidationMessage, type ValidationMessage } from '../../contracts/validationMessage';

// makeValidate (yup) is in makeValidate.ts: a page that only shows errors (formatValidation) loads no yup.

/** Field-level errors of a 400 answer `{ errors: { path: text } }` for final-form's submit errors. */
export function submitErrorsFrom(
  body: { errors?: Record<string, string> } | undefined,
): Record<string, unknown> | undefined {
  if (!body?.errors) return undefined;
  let errors: Record<string, unknown> = {};
  for (const [path, text] of Object.entries(body.errors)) errors = setIn(errors, path, text) as Record<string, unknown>;
  return errors;
}

/** Translates a ValidationMessage (field label from `fields.<path>` when the catalog has one). */
export function formatValidation(intl: IntlShape, error: unknown): string | undefined {
  if (!error) return undefined;
  if (typeof error === 'string') return error;
  if (!isValidationMessage(error)) return undefined;
  const message: ValidationMessage = error;
  const values = { ...message.values };
  if (values.path !== undefined) {
    const labelId = `fields.${String(values.path).replace(/\[\d+\]/g, '')}`;
    values.path = intl.messages[labelId] ? intl.formatMessage({ id: labelId }) : String(values.path);
  }
  return intl.formatMessage({ id: message.key }, values);
}
