/**
 * The building blocks of the route table's input schemas (src/contracts/adminRoutes.schema.ts): what a path
 * parameter is, which invalid input means "no such resource" (404) and which form bodies drop unknown
 * keys. Plain yup with metadata; the server's validator (server/http/validate.ts) reads the metadata.
 */
import { yup } from './validation';

/** Largest value of a PostgreSQL `integer` (every id column and every counter the API takes). */
export const INT32_MAX = 2147483647;
export const INT32_MIN = -2147483648;

declare module 'yup' {
  interface CustomSchemaMetadata {
    /** Unknown keys of this object are dropped instead of refused (forms that send whole entities). */
    stripUnknown?: boolean;
    /** Params or query (of a page): any invalid value is a 404 with this message (per field or one for all). */
    notFound?: string | Record<string, string>;
  }
}

/** A path parameter naming a stored row: a positive PostgreSQL integer. */
export const pathId = () => yup.number().integer().min(1).max(INT32_MAX).required();

/**
 * Path parameters; any invalid value answers 404 with `notFoundMessage` (no
 * such resource can exist), one message for all or one per parameter.
 */
export function pathParams<F extends yup.ObjectShape>(
  fields: F,
  notFoundMessage: string | { [K in keyof F]: string } = 'Not found',
) {
  return yup.object(fields).meta({ notFound: notFoundMessage });
}

/** A page's query whose invalid values mean "no such page": 404 instead of 400. */
export function queryOrNotFound<F extends yup.ObjectShape>(fields: F, notFoundMessage = 'Not found') {
  return yup.object(fields).meta({ notFound: notFoundMessage });
}

/** Body/query of a form that sends whole entities: unknown keys are dropped, not refused. */
export function stripUnknown<S extends yup.Schema<unknown>>(schema: S): S {
  return schema.meta({ ...schema.meta(), stripUnknown: true }) as S;
}
