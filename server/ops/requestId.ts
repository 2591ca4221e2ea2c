import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a caller's X-Request-Id may be: 1–128 characters of letters, digits and `._:-` (UUIDs,
 * ULIDs, a load balancer's trace ids). Anything else (log injection, megabytes of header) is
 * replaced by a fresh id rather than refused: the id is for tracing, not for access.
 */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function validRequestId(value: unknown): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return typeof raw === 'string' && VALID_REQUEST_ID.test(raw) ? raw : undefined;
}

/** Fastify's genReqId: the caller's id when it is a valid one, else a random UUID (unique across instances). */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  return validRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}
