import { errorBody } from '../../api/errors';

/** The server's translated message, with its field errors, or the fallback. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  const body = errorBody(error);
  const fields = Object.values(body.errors ?? {});
  return [body.message ?? fallback, ...fields].join(' ');
}
