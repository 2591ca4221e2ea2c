import fs from 'node:fs';
import path from 'node:path';
import {
  cartLinesDiscountsGenerateRun,
  minorUnits,
  readConfig,
  type CartInput,
} from '../src/cart_lines_discounts_generate_run';
import { outputProblems } from './outputShape';

/**
 * The function run on its fixtures (input → expected output), the way Shopify's templates test a
 * JavaScript Function without the WASM build. The fixture files use the function runner's format
 * ({ payload: { export, target, input, output } }), so the same files can check a built module.
 */
interface Fixture {
  description: string;
  payload: { export: string; target: string; input: CartInput; output: unknown };
}

const dir = path.join(__dirname, 'fixtures');
const fixtures = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Fixture] as const);

const P = (n: number) => `gid://shopify/Product/${n}`;
const line = (n: number, product: number | null, quantity: number, amount: string) => ({
  id: `gid://shopify/CartLine/${n}`,
  quantity,
  cost: { amountPerQuantity: { amount } },
  // `... on ProductVariant { product { id } }`: other merchandise (a custom product) answers {}.
  merchandise: product === null ? {} : { product: { id: P(product) } },
});
const cart = (lines: CartInput['cart']['lines'], jsonValue: unknown): CartInput => ({
  cart: { lines },
  discount: { discountClasses: ['PRODUCT'], metafield: { jsonValue } },
  presentmentCurrencyRate: '1.0',
});

describe('look bundle discount function: fixtures', () => {
  it('has the fixtures the issue asks for', () => {
    expect(fixtures.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'full-bundle',
        'partial-bundle',
        'quantities-above-one',
        'shared-product',
        'fixed-above-subtotal',
        'presentment-currency',
        'presentment-currency-zero-decimals',
        'presentment-currency-three-decimals',
        'disabled-look',
        'no-product-class',
        // Issue 28: each tier, partial carts, a removed item, a sold-out item, 0- and 3-decimal currencies, looks combined.
        'tier-two-items',
        'tier-three-items',
        'tier-complete-look',
        'tier-item-removed',
        'tier-one-item',
        'tier-best-per-cart',
        'tier-partial-quantities',
        'sold-out-item',
        'sold-out-item-fixed-with-tiers',
        'tiers-zero-decimals',
        'tiers-three-decimals',
        'tiers-two-looks-sharing',
      ]),
    );
  });

  it.each(fixtures)('%s', (_name, fixture) => {
    expect(fixture.payload.export).toBe('cart-lines-discounts-generate-run');
    const result = cartLinesDiscountsGenerateRun(fixture.payload.input);
    expect(result).toEqual(fixture.payload.output);
    expect(outputProblems(result)).toEqual([]);
  });
});

describe('look bundle discount function: currency minor units', () => {
  it('knows 0-, 2- and 3-decimal currencies and defaults to 2', () => {
    expect([
      minorUnits('JPY'),
      minorUnits('krw'),
      minorUnits('KWD'),
      minorUnits('BHD'),
      minorUnits('EUR'),
      minorUnits(undefined),
      minorUnits('XYZ'),
    ]).toEqual([0, 0, 3, 3, 2, 2, 2]);
  });

  it("caps a fixed amount at the subtotal in the currency's own minor units", () => {
    const look = { lookId: 1, productIds: [P(1), P(2)], type: 'fixed', value: 100, label: '' };
    const input = cart([line(1, 1, 1, '0.125'), line(2, 2, 1, '0.250')], { looks: [look] });
    input.cart.cost = { subtotalAmount: { currencyCode: 'KWD' } };
    const [candidate] = cartLinesDiscountsGenerateRun(input).operations[0].productDiscountsAdd.candidates;
    expect(candidate.value).toEqual({ fixedAmount: { amount: '0.375', appliesToEachItem: false } });
  });
});

describe('look bundle discount function: rules', () => {
  const look = { lookId: 1, productIds: [P(1), P(2)], type: 'percentage', value: 20, label: 'Look' };

  it('ignores custom (non-variant) lines and lines without a product', () => {
    const result = cartLinesDiscountsGenerateRun(
      cart([line(1, 1, 1, '10.00'), line(2, null, 1, '99.00')], { looks: [look] }),
    );
    expect(result).toEqual({ operations: [] });
  });

  it('caps a percentage above 100 at 100 and ignores zero, negative and unknown values', () => {
    const lines = [line(1, 1, 1, '10.00'), line(2, 2, 1, '20.00')];
    const capped = cartLinesDiscountsGenerateRun(cart(lines, { looks: [{ ...look, value: 150 }] }));
    expect(capped.operations[0].productDiscountsAdd.candidates[0].value).toEqual({ percentage: { value: 100 } });
    for (const bad of [
      { ...look, value: 0 },
      { ...look, value: -5 },
      { ...look, value: 'ten' },
      { ...look, type: 'bogus' },
      { ...look, productIds: [] },
    ]) {
      expect(cartLinesDiscountsGenerateRun(cart(lines, { looks: [bad] }))).toEqual({ operations: [] });
    }
  });

  it('a malformed configuration yields no discount instead of failing the checkout', () => {
    const lines = [line(1, 1, 1, '10.00'), line(2, 2, 1, '20.00')];
    for (const jsonValue of [null, 'text', 42, [], { looks: 'x' }, { looks: [null, 7, 'x'] }]) {
      expect(cartLinesDiscountsGenerateRun(cart(lines, jsonValue))).toEqual({ operations: [] });
    }
    expect(
      cartLinesDiscountsGenerateRun({
        ...cart(lines, { looks: [look] }),
        discount: { discountClasses: ['PRODUCT'], metafield: null },
      }),
    ).toEqual({ operations: [] });
  });

  it('a product listed twice in a look counts once', () => {
    const result = cartLinesDiscountsGenerateRun(
      cart([line(1, 1, 1, '10.00'), line(2, 2, 1, '20.00')], { looks: [{ ...look, productIds: [P(1), P(2), P(1)] }] }),
    );
    expect(result.operations[0].productDiscountsAdd.candidates[0].targets).toEqual([
      { cartLine: { id: 'gid://shopify/CartLine/1', quantity: 1 } },
      { cartLine: { id: 'gid://shopify/CartLine/2', quantity: 1 } },
    ]);
  });

  it('a fixed amount is per complete set, in cents, without float residue', () => {
    const lines = [line(1, 1, 3, '19.99'), line(2, 2, 3, '0.10')];
    const result = cartLinesDiscountsGenerateRun(cart(lines, { looks: [{ ...look, type: 'fixed', value: 0.35 }] }));
    expect(result.operations[0].productDiscountsAdd.candidates[0].value).toEqual({
      fixedAmount: { amount: '1.05', appliesToEachItem: false },
    });
  });

  it('without a label the candidate has no message', () => {
    const result = cartLinesDiscountsGenerateRun(
      cart([line(1, 1, 1, '10.00'), line(2, 2, 1, '20.00')], { looks: [{ ...look, label: '  ' }] }),
    );
    expect(result.operations[0].productDiscountsAdd.candidates[0]).not.toHaveProperty('message');
  });

  it('on equal savings the earlier look of the configuration goes first', () => {
    const lines = [line(1, 1, 1, '10.00'), line(2, 2, 1, '10.00'), line(3, 3, 1, '10.00')];
    const first = { ...look, lookId: 1, productIds: [P(1), P(2)], label: 'First' };
    const second = { ...look, lookId: 2, productIds: [P(1), P(3)], label: 'Second' };
    const result = cartLinesDiscountsGenerateRun(cart(lines, { looks: [first, second] }));
    expect(result.operations[0].productDiscountsAdd.candidates.map((c) => c.message)).toEqual(['First']);
  });

  it('readConfig keeps valid looks only', () => {
    expect(readConfig({ currencyCode: 'EUR', looks: [look, { ...look, enabled: false }, { nope: true }] })).toEqual({
      currencyCode: 'EUR',
      looks: [{ lookId: 1, productIds: [P(1), P(2)], type: 'percentage', value: 20, label: 'Look' }],
    });
  });
});

describe('look bundle discount function: tiers and sold-out items', () => {
  const look = {
    lookId: 1,
    productIds: [P(1), P(2), P(3)],
    type: 'percentage',
    value: 20,
    label: 'Look',
    tiers: [{ quantity: 2, percentage: 10 }],
  };
  const run = (lines: CartInput['cart']['lines'], looks: unknown[]) =>
    cartLinesDiscountsGenerateRun(cart(lines, { looks })).operations[0]?.productDiscountsAdd.candidates ?? [];

  it('readConfig keeps valid tiers only, fewest items first, and sold-out ids of the look only', () => {
    const tiers = [
      { quantity: 3, percentage: 150 },
      { quantity: 2, percentage: 10 },
      { quantity: 1, percentage: 5 },
      { quantity: 2, percentage: 12 },
      { quantity: 4, percentage: 30 },
      { quantity: 2.5, percentage: 9 },
      { quantity: 3, percentage: 0 },
      null,
    ];
    expect(readConfig({ looks: [{ ...look, tiers, soldOutProductIds: [P(2), P(9), 7] }] }).looks[0]).toEqual({
      ...look,
      tiers: [
        { quantity: 2, percentage: 10 },
        { quantity: 3, percentage: 100 },
      ],
      soldOutProductIds: [P(2)],
    });
  });

  it('a look with tiers but no complete-look value still gives its tiers', () => {
    const lines = [line(1, 1, 1, '10.00'), line(2, 2, 1, '10.00'), line(3, 3, 1, '10.00')];
    expect(run(lines, [{ ...look, value: 0 }]).map((c) => c.value)).toEqual([{ percentage: { value: 10 } }]);
    expect(run(lines, [{ ...look, value: 0, tiers: [] }])).toEqual([]);
  });

  it('emptying the cart item by item falls from the complete look to the tier to nothing', () => {
    const all = [line(1, 1, 1, '10.00'), line(2, 2, 1, '10.00'), line(3, 3, 1, '10.00')];
    const values = [3, 2, 1, 0].map((n) => run(all.slice(0, n), [look]).map((c) => c.value));
    expect(values).toEqual([[{ percentage: { value: 20 } }], [{ percentage: { value: 10 } }], [], []]);
  });

  it('every item sold out: no complete look, the tiers still count what is in the cart', () => {
    const lines = [line(1, 1, 1, '10.00'), line(2, 2, 1, '10.00')];
    expect(run(lines, [{ ...look, tiers: [], soldOutProductIds: [P(1), P(2), P(3)] }])).toEqual([]);
    expect(run(lines, [{ ...look, soldOutProductIds: [P(1), P(2), P(3)] }]).map((c) => c.value)).toEqual([
      { percentage: { value: 10 } },
    ]);
  });

  it('a sold-out item in the cart anyway (sold out since) is not part of the complete look', () => {
    const lines = [line(1, 1, 1, '10.00'), line(2, 2, 1, '10.00'), line(3, 3, 1, '10.00')];
    const [candidate] = run(lines, [{ ...look, soldOutProductIds: [P(3)] }]);
    expect(candidate.targets.map((t) => t.cartLine.id)).toEqual([
      'gid://shopify/CartLine/1',
      'gid://shopify/CartLine/2',
    ]);
  });
});

describe('output shape check', () => {
  it('rejects what the platform would reject', () => {
    expect(
      outputProblems({ operations: [{ productDiscountsAdd: { candidates: [], selectionStrategy: 'BEST' } }] }),
    ).toEqual(['operations[0].selectionStrategy: not one of ALL, FIRST, MAXIMUM']);
    const candidate = (
      value: unknown,
      target: unknown = { cartLine: { id: 'gid://shopify/CartLine/1', quantity: 1 } },
    ) => ({
      operations: [{ productDiscountsAdd: { selectionStrategy: 'ALL', candidates: [{ targets: [target], value }] } }],
    });
    expect(outputProblems(candidate({ percentage: { value: 101 } }))).toHaveLength(1);
    expect(outputProblems(candidate({ fixedAmount: { amount: '-1' } }))).toHaveLength(1);
    expect(outputProblems(candidate({ percentage: { value: 5 }, fixedAmount: { amount: '1' } }))).toHaveLength(1);
    expect(
      outputProblems(candidate({ percentage: { value: 5 } }, { cartLine: { id: 'x', quantity: 0 } })),
    ).toHaveLength(1);
    expect(outputProblems(candidate({ percentage: { value: 5 } }, { productVariant: { id: 'x' } }))).toHaveLength(1);
    expect(outputProblems({ operations: [], discounts: [] })).toEqual(['result: unknown field discounts']);
    expect(outputProblems(candidate({ percentage: { value: 5 } }))).toEqual([]);
  });
});
