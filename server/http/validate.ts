import type { yup } from '../../src/contracts/validation';
import type { FieldErrors } from '../../src/contracts/validation';
import { validate } from '../../src/contracts/validation';
import { validationFailed } from './errors';

/**
 * Validates a request body/query with a shared yup schema; a failure is a 400
 * with per-field messages. Strings with NUL characters are refused up front:
 * PostgreSQL cannot store them, and they are never legitimate input.
 */
export function parse<T>(schema: yup.Schema<T>, value: unknown, options?: { stripUnknown?: boolean }): T {
  if (value === undefined || value === null) value = {};
  const nul = findNulCharacters(value);
  if (nul) throw validationFailed(nul);
  const result = validate(schema, value, options);
  if (result.errors) throw validationFailed(result.errors);
  return result.value;
}

function findNulCharacters(value: unknown, path = '', depth = 0): FieldErrors | null {
  if (depth > 20) return null;
  if (typeof value === 'string') {
    return value.includes('\u0000') ? { [path || '_']: { key: 'validation.invalidCharacters', values: { path: path || '_' } } } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacters(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulCharacters(item, path ? `${path}.${key}` : key, depth + 1);
      if (found) return found;
    }
  }
  return null;
}
