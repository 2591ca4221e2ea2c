/**
 * The shape of a validation message shared by client and server: a translation key
 * (translations/*.json) and its values. Free of yup, so code that only shows messages (a field's
 * error, a 400's errors) loads no schema library; the schemas and `validate` are in ./validation.
 */
export interface ValidationMessage {
  key: string;
  values?: Record<string, string | number>;
}

export type FieldErrors = Record<string, ValidationMessage>;

export function isValidationMessage(value: unknown): value is ValidationMessage {
  return !!value && typeof value === 'object' && typeof (value as ValidationMessage).key === 'string';
}
