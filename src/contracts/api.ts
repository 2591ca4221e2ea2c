/** Wire-level constants shared by the SPA and the reference backend. */
export const API_PREFIX = '/admin/api/v1';

/** Reauthorization headers, as the platform's embedded-app libraries use them. */
export const REAUTHORIZE_HEADER = 'X-Shopify-API-Request-Failure-Reauthorize';
export const REAUTHORIZE_URL_HEADER = 'X-Shopify-API-Request-Failure-Reauthorize-Url';
export const DEFAULT_REAUTHORIZE_URL = '/api/auth';

/** Carries the `verificationToken` query parameter (stored locally) on every call. */
export const SHOP_VERIFICATION_HEADER = 'X-Shop-Verification-Token';
/**
 * The language the admin's screen is in when it is not the shop's (Shopify opens an embedded app with
 * the merchant's admin language in `?locale=`): the server words its messages in it.
 */
export const INTERFACE_LOCALE_HEADER = 'X-Interface-Locale';
export const VERIFICATION_TOKEN_STORAGE_KEY = 'verificationToken';

export const SUPPORTED_LOCALES = ['en', 'de', 'fr', 'it', 'es'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** Error body of every 4xx/5xx answer of the backend. */
export interface ApiErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string>;
}

export interface PaginationDetails {
  nextPage: number | null;
  previousPage: number | null;
  totalItems: number;
}

export interface Paginated<T> {
  data: T[];
  paginationDetails: PaginationDetails;
}

export function paginationDetails(page: number, limit: number, totalItems: number): PaginationDetails {
  const pages = Math.max(1, Math.ceil(totalItems / limit));
  return {
    nextPage: page < pages ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    totalItems,
  };
}
