/** Credits and credit packages (SPEC §3, §4, §9). */

/** GET /credits */
export interface Credits {
  creditsRemaining: number;
  creditsUsed: number;
  freeCreditsClaimedFlag: boolean;
  lowCreditWarning: boolean;
}

/** GET /credits/packages item. Prices in US dollars (app charges; CHARGE_CURRENCY). */
export interface CreditPackage {
  id: number;
  name: string;
  price: number;
  credits: number;
  pricePerCredit: number;
}

export interface PurchaseResponse {
  confirmationUrl: string;
}

export interface VerifyPurchaseResponse {
  success: boolean;
  package: CreditPackage;
  credits: number;
}

export interface ClaimFreeResponse {
  credits: number;
  message: string;
}

/** Low credit threshold: 5 or fewer (SPEC §9). */
export const LOW_CREDIT_THRESHOLD = 5;
export const FREE_CREDITS = 5;
/** The package priced at 20 is the best offer. */
export const BEST_OFFER_PRICE = 20;

export const isLowCredit = (remaining: number) => remaining <= LOW_CREDIT_THRESHOLD;
export const isBestOffer = (pkg: Pick<CreditPackage, 'price'>) => Number(pkg.price) === BEST_OFFER_PRICE;
/** Per-image price in cents: pricePerCredit × 100 (shown to one decimal with formatCents). */
export const perImageCents = (pkg: Pick<CreditPackage, 'pricePerCredit'>) => Number(pkg.pricePerCredit) * 100;
