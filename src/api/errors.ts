import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiErrorBody } from '../contracts/api';

export type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** HTTP status of an RTK Query error (undefined for network/parse errors). */
export function errorStatus(error: unknown): number | undefined {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The backend's `{ message, code, errors }` body of an RTK Query error, if any. */
export function errorBody(error: unknown): Partial<ApiErrorBody> {
  const data = (error as { data?: unknown } | undefined)?.data;
  return data && typeof data === 'object' ? (data as Partial<ApiErrorBody>) : {};
}

export const errorMessage = (error: unknown): string | undefined => errorBody(error).message;
export const errorCode = (error: unknown): string | undefined => errorBody(error).code;
