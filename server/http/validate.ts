import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { yup, validate, type FieldErrors, type ValidationMessage } from '../../src/contracts/validation';
import { HttpError, notFound, validationFailed } from './errors';
import { INT32_MAX, INT32_MIN } from '../../src/contracts/routeInput.schema';

/** Deeper request values are refused (no legitimate body nests this far; jsonb and the checks stay bounded). */
export const MAX_INPUT_DEPTH = 32;

/** Where a value comes from: a JSON body keeps its types; path and query values are always text. */
export type InputSource = 'json' | 'text';

export interface ParseOptions {
  stripUnknown?: boolean;
  /** 'json' (default): types must match exactly; 'text': numbers and booleans are read from strings. */
  source?: InputSource;
  /** yup context (e.g. `appOrigin` for image URLs). */
  context?: Record<string, unknown>;
}

/**
 * Validates a request value with a shared yup schema; a failure is a 400 with
 * per-field messages. Before yup runs (and casts), two checks refuse what yup
 * would otherwise coerce or pass on to the database:
 * - every string (and object key) must be storable: no NUL character, no
 *   unpaired UTF-16 surrogate, nesting at most MAX_INPUT_DEPTH levels;
 * - every value must have the type the schema declares (`[true]` is not a
 *   boolean, `"5"` is not a number in a JSON body), numbers are finite and
 *   integers fit a PostgreSQL integer.
 */
export function parse<T>(schema: yup.Schema<T>, value: unknown, options: ParseOptions = {}): T {
  if (value === undefined || value === null) value = {};
  const unstorable = findUnstorable(value);
  if (unstorable) throw validationFailed(unstorable);
  const wrongTypes = findTypeErrors(schema, value, options.source ?? 'json');
  let result: ReturnType<typeof validate<T>>;
  try {
    result = validate(schema, value, {
      stripUnknown: options.stripUnknown ?? schema.meta()?.stripUnknown,
      context: options.context,
    });
  } catch (error) {
    // A transform meeting a wrong type (trim() of an array): the type errors say it all.
    if (wrongTypes) throw validationFailed(wrongTypes);
    throw error;
  }
  // Every field's error at once; where yup cast a wrong type into a valid value, the type error stands.
  if (wrongTypes || result.errors) throw validationFailed({ ...result.errors, ...wrongTypes });
  return result.value as T;
}

const message = (key: string, path: string, values: Record<string, string | number> = {}): ValidationMessage => ({
  key,
  values: { path: path || '_', ...values },
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string PostgreSQL can store in text and jsonb: no NUL, no unpaired surrogate. */
export function isStorableString(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Shown in a field path instead of an unstorable key. */
const printable = (key: string) => (isStorableString(key) ? key : key.replace(/[\uD800-\uDFFF\u0000]/g, '\uFFFD'));

/**
 * The first string, object key or nesting level that cannot be stored, as a
 * field error naming its path; null when the whole value is storable.
 */
export function findUnstorable(value: unknown): FieldErrors | null {
  const stack: Array<[unknown, string, number]> = [[value, '', 0]];
  while (stack.length) {
    const [item, path, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isStorableString(item)) return { [path || '_']: message('validation.invalidCharacters', path) };
      continue;
    }
    if (!item || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= MAX_INPUT_DEPTH)
      return { [path || '_']: message('validation.tooDeep', path, { max: MAX_INPUT_DEPTH }) };
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${path}[${i}]`, depth + 1]);
      continue;
    }
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const childPath = path ? `${path}.${printable(key)}` : printable(key);
      if (!isStorableString(key)) return { [childPath]: message('validation.invalidCharacters', childPath) };
      stack.push([child, childPath, depth + 1]);
    }
  }
  return null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

const DECIMAL_TEXT = /^-?\d{1,20}(\.\d{1,20})?$/;
const BOOLEAN_TEXT = /^(true|false|1|0)$/;

// yup keeps its schema internals untyped; these are the public fields of its classes.
type AnySchema = yup.Schema<unknown> & {
  fields?: Record<string, AnySchema>;
  innerType?: AnySchema;
};

function isIntegerSchema(schema: AnySchema): boolean {
  return schema.describe().tests.some((t) => t.name === 'integer');
}

/** Type errors yup would have cast away, by field path; null when every value has its declared type. */
export function findTypeErrors(schema: yup.Schema<unknown>, value: unknown, source: InputSource): FieldErrors | null {
  const errors: FieldErrors = {};
  checkType(schema as AnySchema, value, source, '', errors);
  return Object.keys(errors).length ? errors : null;
}

function checkType(schema: AnySchema, value: unknown, source: InputSource, path: string, errors: FieldErrors): void {
  if (value === undefined || value === null) return; // required / nullable are yup's to judge
  const typeError = (type: string) => {
    errors[path || '_'] = message('validation.typeError', path, { type });
  };
  switch (schema.type) {
    case 'object': {
      if (!isPlainObject(value)) return typeError('object');
      for (const [key, field] of Object.entries(schema.fields ?? {})) {
        checkType(field, value[key], source, path ? `${path}.${key}` : key, errors);
      }
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) return typeError('array');
      if (schema.innerType)
        value.forEach((item, i) => checkType(schema.innerType!, item, source, `${path}[${i}]`, errors));
      return;
    }
    case 'string':
      if (typeof value !== 'string') typeError('string');
      return;
    case 'boolean':
      if (source === 'json' ? typeof value !== 'boolean' : typeof value !== 'string' || !BOOLEAN_TEXT.test(value))
        typeError('boolean');
      return;
    case 'number': {
      let n: number;
      if (source === 'json') {
        if (typeof value !== 'number' || !Number.isFinite(value)) return typeError('number');
        n = value;
      } else {
        if (typeof value !== 'string' || !DECIMAL_TEXT.test(value)) return typeError('number');
        n = Number(value);
      }
      if (isIntegerSchema(schema)) {
        if (n > INT32_MAX) errors[path || '_'] = message('validation.maxNumber', path, { max: INT32_MAX });
        else if (n < INT32_MIN) errors[path || '_'] = message('validation.minNumber', path, { min: INT32_MIN });
      }
      return;
    }
    default:
      // mixed (oneOf lists), lazy, date: yup's own tests decide; text input is never an array there.
      if (source === 'text' && typeof value !== 'string') typeError('string');
  }
}

// The route schemas' building blocks live with the route table (src/contracts/routeInput.schema.ts).
export {
  INT32_MAX,
  INT32_MIN,
  pathId,
  pathParams,
  queryOrNotFound,
  stripUnknown,
} from '../../src/contracts/routeInput.schema';

/** Route handler types from the yup schemas of `schema: { params, querystring, body }`. */
export interface YupTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends yup.ISchema<unknown> ? yup.InferType<this['schema']> : unknown;
  serializer: unknown;
}

function notFoundFor(messages: string | Record<string, string>, error: HttpError): string {
  if (typeof messages === 'string') return messages;
  const field = Object.keys(error.fieldErrors ?? {}).find((name) => name in messages);
  return field ? messages[field] : Object.values(messages)[0];
}

/**
 * Fastify validator compiler for yup route schemas: bodies are JSON (exact
 * types), params and querystrings text. A failure is the HttpError of parse()
 * (400 with field errors), or a 404 for params/queries marked with pathParams() or queryOrNotFound().
 */
export function yupValidatorCompiler(context: { appOrigin: string }): FastifySchemaCompiler<yup.Schema<unknown>> {
  return ({ schema, httpPart }) => {
    if (!yup.isSchema(schema)) throw new Error(`Route schemas are yup schemas (${String(httpPart)})`);
    const source: InputSource = httpPart === 'body' ? 'json' : 'text';
    const notFoundMessage = httpPart === 'body' ? undefined : schema.meta()?.notFound;
    return (data: unknown) => {
      try {
        return { value: parse(schema, data, { source, context }) };
      } catch (error) {
        // Anything but a validation answer is a bug of the schema: a 500 that the route fuzz test reports.
        if (!(error instanceof HttpError)) throw error;
        if (notFoundMessage) return { error: notFound(notFoundFor(notFoundMessage, error)) };
        return { error };
      }
    };
  };
}
