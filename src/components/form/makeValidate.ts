import { FORM_ERROR, setIn } from 'final-form';
import { validate, type yup } from '../../contracts/validation';

/**
 * A react-final-form `validate` from a shared yup schema: nested errors holding ValidationMessages.
 * A module of its own (not validation.ts): webpack keeps a module's imports for every chunk that
 * holds it, so a form that formats errors but loads its schema later (lazyValidate) loads no yup.
 */
export function makeValidate<T>(schema: yup.Schema<T>) {
  return (values: unknown): Record<string, unknown> => {
    const result = validate(schema, values);
    if (!result.errors) return {};
    let errors: Record<string, unknown> = {};
    for (const [path, message] of Object.entries(result.errors)) {
      errors = setIn(errors, path === '_' ? FORM_ERROR : path, message) as Record<string, unknown>;
    }
    return errors;
  };
}
