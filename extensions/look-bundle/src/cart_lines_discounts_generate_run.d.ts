/** Types of cart_lines_discounts_generate_run.js for TypeScript callers (the server's tests). */
/** The input query's shape (cart_lines_discounts_generate_run.graphql). */
export interface InputLine {
  id: string;
  quantity: number;
  cost: { amountPerQuantity: { amount: string | number } };
  /** A ProductVariant has `product`; other merchandise (custom products) answers an empty object. */
  merchandise: { product?: { id: string } };
}

export interface CartInput {
  cart: { lines: InputLine[]; cost?: { subtotalAmount?: { currencyCode?: string } } };
  discount: { discountClasses: string[]; metafield?: { jsonValue?: unknown } | null };
  presentmentCurrencyRate?: string | number;
}

export interface BundleTier {
  quantity: number;
  percentage: number;
}

export interface BundleLook {
  lookId: string | number;
  productIds: string[];
  type: 'percentage' | 'fixed';
  value: number;
  label: string;
  /** Mix-and-match tiers, fewest items first; absent: none. */
  tiers?: BundleTier[];
  /** Products of the look that are sold out: the complete look applies without them; absent: none. */
  soldOutProductIds?: string[];
}

export interface ProductDiscountCandidate {
  message?: string;
  targets: Array<{ cartLine: { id: string; quantity: number } }>;
  value: { percentage: { value: number } } | { fixedAmount: { amount: string; appliesToEachItem: boolean } };
}

export interface CartLinesDiscountsGenerateRunResult {
  operations: Array<{
    productDiscountsAdd: { candidates: ProductDiscountCandidate[]; selectionStrategy: 'ALL' | 'FIRST' | 'MAXIMUM' };
  }>;
}

export declare const BUNDLE_METAFIELD: { namespace: string; key: string };
export declare function cartLinesDiscountsGenerateRun(input: CartInput): CartLinesDiscountsGenerateRunResult;
export declare function minorUnits(currencyCode: string | null | undefined): number;
export declare function readConfig(json: unknown): { currencyCode: string | null; looks: BundleLook[] };
