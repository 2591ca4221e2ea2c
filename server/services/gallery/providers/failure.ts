/**
 * Why a provider made no image, as the merchant reads it. The job stores the message (a
 * translation key, `Generation.failure.<kind>`) as the generation's errorMessage; the admin
 * translates it (five languages), and the failure path refunds the credit like every failure.
 */
export type ProviderFailureKind =
  /** 401/403: the API key is missing, wrong or revoked. */
  | 'auth'
  /** 429 after the SDK's retries with backoff: the provider is busy or the quota is used up. */
  | 'busy'
  /** The provider's safety system refused the prompt or the photos. */
  | 'content_policy'
  /** No answer within the provider timeout. */
  | 'timeout'
  /** A request (photos) or an answer larger than the provider or this app accepts. */
  | 'oversize'
  /** The provider answered, but without a usable image. */
  | 'no_image'
  /** Anything else from the provider (5xx after retries, 400 we did not expect, network down). */
  | 'unavailable';

export const FAILURE_KINDS: readonly ProviderFailureKind[] = [
  'auth',
  'busy',
  'content_policy',
  'timeout',
  'oversize',
  'no_image',
  'unavailable',
];

/** The translation key stored as the generation's error message. */
export const failureMessageKey = (kind: ProviderFailureKind) => `Generation.failure.${kind}`;

/** A provider failure of a known kind; `detail` (the provider's own words) goes to the log only. */
export class ProviderFailure extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    readonly provider: string,
    readonly detail: string,
    readonly status?: number,
  ) {
    super(failureMessageKey(kind));
    this.name = 'ProviderFailure';
  }
}

/** Size limits: photos sent per request and an answered image. */
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;
export const MAX_ANSWER_BYTES = 25 * 1024 * 1024;
