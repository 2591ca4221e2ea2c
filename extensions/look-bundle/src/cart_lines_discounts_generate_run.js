/**
 * The look bundle discount (Discount Function API, target cart.lines.discounts.generate.run).
 *
 * Configuration: the discount's metafield `$app:looks` / `bundle`, written by the backend
 * (server/platform/discounts/), one automatic discount per shop holding the bundles of its looks:
 *   { currencyCode: 'USD', looks: [{ lookId, productIds: [gid…], type: 'percentage' | 'fixed', value, label, enabled?,
 *     tiers?: [{ quantity, percentage }], soldOutProductIds?: [gid…] }] }
 *
 * Rules:
 * - The complete look applies when every one of its products is in the cart (any variant, any number
 *   of lines), except the products the configuration lists as sold out (`soldOutProductIds`): those
 *   cannot be bought, so the rest of the look is the complete look (nothing left: no complete look).
 * - Complete bundles only: the number of sets is the smallest quantity over the look's products;
 *   the discount targets that many units of each product (CartLineTarget.quantity), units beyond
 *   the last complete set are not discounted. A product spread over several lines fills the sets
 *   from its lines in cart order.
 * - percentage: `value` % off the targeted units. fixed: `value` (shop currency) off per complete
 *   set, converted into the cart's currency with presentmentCurrencyRate (1 when the cart is in the
 *   shop currency; `currencyCode` records the shop currency the values were written in), never
 *   more than the targeted units' subtotal, applied once across them (appliesToEachItem: false),
 *   rounded to the cart currency's minor units (JPY 0 decimals, KWD 3, most currencies 2).
 * - Mix-and-match tiers (`tiers: [{ quantity, percentage }]`): any `quantity` different products of
 *   the look → `percentage` % off. A tier's sets are the unit layers that hold at least `quantity`
 *   different products (layer s: the products with at least s units in the cart); every unit of those
 *   layers is discounted. Of the complete look and the tiers met, the one saving the most on this cart
 *   applies (one candidate per look, so no cart line gets two), so removing an item falls back to the
 *   best tier still met, or to nothing.
 * - One look per cart line: when looks share a product, the look saving the most on the cart goes
 *   first and takes its lines; the others are evaluated on the lines left (ties: the order of the
 *   configuration, i.e. the oldest look first). No line is discounted twice by this discount.
 * - Looks with `enabled: false` or no products, or with neither a positive value nor a valid tier, are
 *   ignored; a discount without the PRODUCT class yields no operation.
 */

/**
 * @typedef {{
 *   id: string,
 *   quantity: number,
 *   cost: { amountPerQuantity: { amount: string | number } },
 *   merchandise: { product?: { id: string } },
 * }} InputLine
 */
/**
 * @typedef {{
 *   cart: { lines: InputLine[], cost?: { subtotalAmount?: { currencyCode?: string } } },
 *   discount: { discountClasses: string[], metafield?: { jsonValue?: unknown } | null },
 *   presentmentCurrencyRate?: string | number,
 * }} CartInput
 */
/** @typedef {{ quantity: number, percentage: number }} BundleTier */
/**
 * @typedef {{
 *   lookId: string | number, productIds: string[], type: 'percentage' | 'fixed', value: number, label: string,
 *   tiers?: BundleTier[], soldOutProductIds?: string[],
 * }} BundleLook
 */
/** @typedef {{ id: string, productId: string, quantity: number, unitMinor: number }} Line */
/**
 * @typedef {{
 *   message?: string,
 *   targets: Array<{ cartLine: { id: string, quantity: number } }>,
 *   value: { percentage: { value: number } } | { fixedAmount: { amount: string, appliesToEachItem: boolean } },
 * }} ProductDiscountCandidate
 */
/** @typedef {{ operations: Array<{ productDiscountsAdd: { candidates: ProductDiscountCandidate[], selectionStrategy: 'ALL' | 'FIRST' | 'MAXIMUM' } }> }} CartLinesDiscountsGenerateRunResult */

/** The metafield the backend writes and the input query reads. */
export const BUNDLE_METAFIELD = { namespace: '$app:looks', key: 'bundle' };

/**
 * @param {CartInput} input
 * @returns {CartLinesDiscountsGenerateRunResult}
 */
export function cartLinesDiscountsGenerateRun(input) {
  const classes = input?.discount?.discountClasses ?? [];
  if (!classes.includes('PRODUCT')) return { operations: [] };
  const config = readConfig(input.discount.metafield?.jsonValue);
  if (!config.looks.length) return { operations: [] };
  const digits = minorUnits(input.cart?.cost?.subtotalAmount?.currencyCode);
  const lines = readLines(input.cart?.lines ?? [], digits);
  if (!lines.length) return { operations: [] };
  const money = { rate: conversionRate(input), digits };
  const candidates = bundleCandidates(config.looks, lines, money);
  if (!candidates.length) return { operations: [] };
  return { operations: [{ productDiscountsAdd: { candidates, selectionStrategy: 'ALL' } }] };
}

/**
 * The looks of the configuration that can apply; anything malformed is left out.
 * @param {unknown} json
 * @returns {{ currencyCode: string | null, looks: BundleLook[] }}
 */
export function readConfig(json) {
  const config = /** @type {{ currencyCode?: unknown, looks?: unknown }} */ (
    json && typeof json === 'object' ? json : {}
  );
  const currencyCode = typeof config.currencyCode === 'string' && config.currencyCode ? config.currencyCode : null;
  /** @type {BundleLook[]} */
  const looks = [];
  for (const raw of Array.isArray(config.looks) ? config.looks : []) {
    if (!raw || typeof raw !== 'object') continue;
    const look = /** @type {Record<string, unknown>} */ (raw);
    if (look.enabled === false) continue;
    if (look.type !== 'percentage' && look.type !== 'fixed') continue;
    const number = Number(look.value);
    const value = Number.isFinite(number) && number > 0 ? number : 0;
    const productIds = Array.isArray(look.productIds)
      ? [...new Set(look.productIds.filter((id) => typeof id === 'string' && id !== ''))]
      : [];
    const tiers = readTiers(look.tiers, productIds.length);
    if (!productIds.length || (value === 0 && !tiers.length)) continue;
    const soldOut = Array.isArray(look.soldOutProductIds)
      ? productIds.filter((id) => /** @type {unknown[]} */ (look.soldOutProductIds).includes(id))
      : [];
    looks.push({
      lookId: typeof look.lookId === 'number' || typeof look.lookId === 'string' ? look.lookId : looks.length,
      productIds,
      type: look.type,
      value: look.type === 'percentage' ? Math.min(100, value) : value,
      label: typeof look.label === 'string' ? look.label.trim() : '',
      ...(tiers.length ? { tiers } : {}),
      ...(soldOut.length ? { soldOutProductIds: soldOut } : {}),
    });
  }
  return { currencyCode, looks };
}

/**
 * The valid tiers, fewest items first: a whole quantity from 2 up to the look's products, a percentage
 * in (0, 100]; one tier per quantity (the first given).
 * @param {unknown} raw
 * @param {number} products
 * @returns {BundleTier[]}
 */
function readTiers(raw, products) {
  /** @type {BundleTier[]} */
  const tiers = [];
  for (const item of Array.isArray(raw) ? raw : []) {
    const tier = /** @type {Record<string, unknown>} */ (item && typeof item === 'object' ? item : {});
    const quantity = Number(tier.quantity);
    const percentage = Number(tier.percentage);
    if (!Number.isInteger(quantity) || quantity < 2 || quantity > products) continue;
    if (!Number.isFinite(percentage) || percentage <= 0 || tiers.some((t) => t.quantity === quantity)) continue;
    tiers.push({ quantity, percentage: Math.min(100, percentage) });
  }
  return tiers.sort((a, b) => a.quantity - b.quantity);
}

/**
 * ISO 4217 currencies whose minor unit is not the hundredth. A table because the Function runs in
 * Shopify's JavaScript runtime (Javy/QuickJS), where Intl's currency data cannot be relied on.
 */
const MINOR_UNITS = /** @type {Record<string, number>} */ ({
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
});

/**
 * Decimal places of a currency's minor unit: 0 for JPY, 3 for KWD, 2 for the rest (and when unknown).
 * @param {string | null | undefined} currencyCode
 */
export function minorUnits(currencyCode) {
  const digits = typeof currencyCode === 'string' ? MINOR_UNITS[currencyCode.toUpperCase()] : undefined;
  return digits ?? 2;
}

/**
 * Product variant lines with a positive quantity and their unit price in minor units (cart currency).
 * @param {InputLine[]} inputLines
 * @param {number} digits the cart currency's minor-unit decimals
 * @returns {Line[]}
 */
function readLines(inputLines, digits) {
  /** @type {Line[]} */
  const lines = [];
  for (const line of inputLines) {
    const productId = line?.merchandise?.product?.id;
    const quantity = Number(line?.quantity);
    if (!productId || !Number.isInteger(quantity) || quantity <= 0) continue;
    const unit = Number(line.cost?.amountPerQuantity?.amount);
    const unitMinor = Number.isFinite(unit) && unit > 0 ? Math.round(unit * 10 ** digits) : 0;
    lines.push({ id: line.id, productId, quantity, unitMinor });
  }
  return lines;
}

/**
 * Shop currency → cart currency: the platform's presentment rate (always given; 1 when absent or invalid).
 * @param {CartInput} input
 */
function conversionRate(input) {
  const rate = Number(input.presentmentCurrencyRate);
  return Number.isFinite(rate) && rate > 0 ? rate : 1;
}

/** @typedef {{ rate: number, digits: number }} Money the shop → cart rate and the cart currency's minor-unit decimals */

/**
 * Greedy, best saving first: each round evaluates every remaining look on the lines not yet
 * taken and keeps the one saving the most (the earlier look on a tie).
 * @param {BundleLook[]} looks
 * @param {Line[]} lines
 * @param {Money} money
 * @returns {ProductDiscountCandidate[]}
 */
function bundleCandidates(looks, lines, money) {
  /** @type {ProductDiscountCandidate[]} */
  const candidates = [];
  let free = lines;
  let pending = looks;
  while (pending.length) {
    /** @type {{ look: BundleLook, offer: Offer } | null} */
    let best = null;
    for (const look of pending) {
      const offer = offerFor(look, free, money);
      if (offer && (!best || offer.savingMinor > best.offer.savingMinor)) best = { look, offer };
    }
    if (!best) break;
    const { look, offer } = best;
    candidates.push(offer.candidate);
    const taken = new Set(offer.candidate.targets.map((t) => t.cartLine.id));
    free = free.filter((line) => !taken.has(line.id));
    pending = pending.filter((l) => l !== look);
  }
  return candidates;
}

/** @typedef {{ savingMinor: number, candidate: ProductDiscountCandidate }} Offer */

/**
 * The look's best discount on these lines: the complete look or a tier, whichever saves the most; null
 * when none is met or nothing would be saved.
 * @param {BundleLook} look
 * @param {Line[]} lines
 * @param {Money} money
 * @returns {Offer | null}
 */
function offerFor(look, lines, money) {
  /** @type {Map<string, Line[]>} */
  const byProduct = new Map();
  const inLook = new Set(look.productIds);
  for (const line of lines) {
    if (!inLook.has(line.productId)) continue;
    const list = byProduct.get(line.productId);
    if (list) list.push(line);
    else byProduct.set(line.productId, [line]);
  }
  /** @type {Map<string, number>} units in the cart per product of the look */
  const units = new Map();
  for (const [productId, list] of byProduct)
    units.set(
      productId,
      list.reduce((sum, line) => sum + line.quantity, 0),
    );

  let best = completeOffer(look, byProduct, units, money);
  for (const tier of look.tiers ?? []) {
    const offer = tierOffer(look, tier, byProduct, units);
    if (offer && (!best || offer.savingMinor > best.savingMinor)) best = offer;
  }
  return best;
}

/**
 * The complete look: every product not sold out, `sets` times.
 * @param {BundleLook} look
 * @param {Map<string, Line[]>} byProduct
 * @param {Map<string, number>} units
 * @param {Money} money
 * @returns {Offer | null}
 */
function completeOffer(look, byProduct, units, money) {
  if (!(look.value > 0)) return null;
  const soldOut = new Set(look.soldOutProductIds ?? []);
  const required = look.productIds.filter((id) => !soldOut.has(id));
  if (!required.length) return null;
  const sets = Math.min(...required.map((id) => units.get(id) ?? 0));
  if (!(sets > 0)) return null;
  const { targets, subtotalMinor } = targetsFor(required, byProduct, () => sets);

  /** @type {ProductDiscountCandidate['value']} */
  let value;
  let savingMinor;
  if (look.type === 'percentage') {
    value = { percentage: { value: look.value } };
    savingMinor = (subtotalMinor * look.value) / 100;
  } else {
    const scale = 10 ** money.digits;
    savingMinor = Math.min(Math.round(look.value * sets * money.rate * scale), subtotalMinor);
    value = { fixedAmount: { amount: (savingMinor / scale).toFixed(money.digits), appliesToEachItem: false } };
  }
  return offer(look, targets, value, savingMinor);
}

/**
 * A tier: its sets are the unit layers holding at least `tier.quantity` different products of the look
 * (layer s: the products with at least s units), so the number of sets is the tier.quantity-th largest
 * unit count; each product gives its units up to that.
 * @param {BundleLook} look
 * @param {BundleTier} tier
 * @param {Map<string, Line[]>} byProduct
 * @param {Map<string, number>} units
 * @returns {Offer | null}
 */
function tierOffer(look, tier, byProduct, units) {
  const counts = look.productIds.map((id) => units.get(id) ?? 0).sort((a, b) => b - a);
  const sets = counts[tier.quantity - 1] ?? 0;
  if (!(sets > 0)) return null;
  const present = look.productIds.filter((id) => (units.get(id) ?? 0) > 0);
  const { targets, subtotalMinor } = targetsFor(present, byProduct, (id) => Math.min(sets, units.get(id) ?? 0));
  return offer(look, targets, { percentage: { value: tier.percentage } }, (subtotalMinor * tier.percentage) / 100);
}

/**
 * The cart lines that fill `need(productId)` units of each product, from its lines in cart order.
 * @param {string[]} productIds
 * @param {Map<string, Line[]>} byProduct
 * @param {(productId: string) => number} need
 */
function targetsFor(productIds, byProduct, need) {
  /** @type {ProductDiscountCandidate['targets']} */
  const targets = [];
  let subtotalMinor = 0;
  for (const productId of productIds) {
    let left = need(productId);
    for (const line of byProduct.get(productId) ?? []) {
      if (left === 0) break;
      const quantity = Math.min(left, line.quantity);
      targets.push({ cartLine: { id: line.id, quantity } });
      subtotalMinor += quantity * line.unitMinor;
      left -= quantity;
    }
  }
  return { targets, subtotalMinor };
}

/**
 * @param {BundleLook} look
 * @param {ProductDiscountCandidate['targets']} targets
 * @param {ProductDiscountCandidate['value']} value
 * @param {number} savingMinor
 * @returns {Offer | null}
 */
function offer(look, targets, value, savingMinor) {
  if (!(savingMinor > 0)) return null;
  return { savingMinor, candidate: { ...(look.label ? { message: look.label } : {}), targets, value } };
}
