import type { yup } from '../../src/contracts/validation';
import { validate } from '../../src/contracts/validation';
import { validationFailed } from './errors';

/** Validates a request body/query with a shared yup schema; a failure is a 400 with per-field messages. */
export function parse<T>(schema: yup.Schema<T>, value: unknown, options?: { stripUnknown?: boolean }): T {
  if (value === undefined || value === null) value = {};
  const result = validate(schema, value, options);
  if (result.errors) throw validationFailed(result.errors);
  return result.value;
}
