import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../src/contracts/api';
import type { FieldErrors } from '../../src/contracts/validation';
import { translate } from '../i18n';

/** An error that becomes a 4xx JSON answer `{ message, code?, errors? }`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code?: string,
    public readonly fieldErrors?: FieldErrors,
    public readonly headers?: Record<string, string>,
    /** Values for the message's placeholders (ICU: counts, limits). */
    public readonly messageValues?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const notFound = (message = 'Not found') => new HttpError(404, message, 'not_found');
export const unauthorized = (message = 'Unauthorized', headers?: Record<string, string>) =>
  new HttpError(401, message, 'unauthorized', undefined, headers);
export const forbidden = (message: string, code?: string) => new HttpError(403, message, code);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const paymentRequired = (message: string, code?: string) => new HttpError(402, message, code);

export const validationFailed = (errors: FieldErrors) =>
  new HttpError(400, 'validation.failed', 'validation_failed', errors);

/** Formats an error answer in the locale of the request (shop locale, else Accept-Language). */
export function errorBody(error: HttpError, locale: string): ApiErrorBody {
  const body: ApiErrorBody = { message: translate(locale, error.message, error.messageValues) };
  if (error.code) body.code = error.code;
  if (error.fieldErrors) {
    body.errors = Object.fromEntries(
      Object.entries(error.fieldErrors).map(([field, m]) => [field, translate(locale, m.key, m.values)]),
    );
  }
  return body;
}

export function sendHttpError(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.statusCode).send(errorBody(error, request.locale ?? 'en'));
}
