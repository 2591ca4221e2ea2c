/**
 * Validation messages shared by client and server. Every yup message is a
 * `{ key, values }` pair naming a translation key (translations/*.json), so the
 * SPA formats it with react-intl and the server formats it with the same files.
 */
import * as yupBase from 'yup';
import { isValidationMessage, type FieldErrors, type ValidationMessage } from './validationMessage';

export { isValidationMessage, type FieldErrors, type ValidationMessage };

type Params = Record<string, unknown>;
const msg =
  (key: string, pick: (p: Params) => Record<string, string | number> = () => ({})) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (params: any): ValidationMessage => ({
    key,
    values: { path: String((params as Params).path ?? ''), ...pick(params as Params) },
  });

yupBase.setLocale({
  mixed: {
    default: msg('validation.invalid'),
    required: msg('validation.required'),
    defined: msg('validation.required'),
    notNull: msg('validation.required'),
    oneOf: msg('validation.oneOf', (p) => ({ values: String(p.values ?? '') })),
    notType: msg('validation.typeError', (p) => ({ type: String(p.type ?? '') })),
  },
  string: {
    min: msg('validation.min', (p) => ({ min: Number(p.min) })),
    max: msg('validation.max', (p) => ({ max: Number(p.max) })),
    email: msg('validation.email'),
    url: msg('validation.url'),
    matches: msg('validation.invalid'),
  },
  number: {
    positive: msg('validation.positive'),
    min: msg('validation.minNumber', (p) => ({ min: Number(p.min) })),
    max: msg('validation.maxNumber', (p) => ({ max: Number(p.max) })),
    integer: msg('validation.integer'),
  },
  array: {
    min: msg('validation.arrayMin', (p) => ({ min: Number(p.min) })),
    max: msg('validation.arrayMax', (p) => ({ max: Number(p.max) })),
  },
  object: { noUnknown: msg('validation.noUnknown', (p) => ({ unknown: String(p.unknown ?? '') })) },
});

/**
 * yup with this product's messages. A local binding on purpose, not a re-export: the build treats
 * our modules as free of side effects, and a re-exported `yup` would let a schema module import the
 * package directly, skipping `setLocale` above (every message would become 'is invalid').
 */
export import yup = yupBase;

/** Flattens a yup ValidationError into `{ 'a.b[0].c': message }` (first message per field). */
export function collectErrors(error: yup.ValidationError): FieldErrors {
  const out: FieldErrors = {};
  const items = error.inner.length ? error.inner : [error];
  for (const item of items) {
    const path = item.path || '_';
    if (out[path]) continue;
    out[path] = isValidationMessage(item.message) ? item.message : { key: 'validation.invalid', values: { path } };
  }
  return out;
}

/** Validates `value`; returns the cast value or the collected field errors. */
export function validate<T>(
  schema: yup.Schema<T>,
  value: unknown,
  options: { stripUnknown?: boolean; context?: Record<string, unknown> } = {},
): { value: T; errors?: undefined } | { value?: undefined; errors: FieldErrors } {
  try {
    const cast = schema.validateSync(value, {
      abortEarly: false,
      stripUnknown: options.stripUnknown ?? false,
      context: options.context,
    });
    return { value: cast as T };
  } catch (e) {
    if (e instanceof yup.ValidationError) return { errors: collectErrors(e) };
    throw e;
  }
}
