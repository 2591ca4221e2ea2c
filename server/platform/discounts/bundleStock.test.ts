import { withStock, type BundleStock } from './bundleStock';
import type { BundleLook } from './bundleConfig';

const P = (n: number) => `gid://shopify/Product/${n}`;
const look: BundleLook = { lookId: 1, productIds: [P(1), P(2), P(3)], type: 'percentage', value: 10, label: 'Deal' };
const item = (n: number, alternative?: number) => ({
  itemId: String(n),
  title: '',
  image: '',
  order: 0,
  type: 'product' as const,
  markerX: 0,
  markerY: 0,
  ...(alternative ? { alternative: { itemId: P(alternative), title: '', image: '' } } : {}),
});
const stock = (soldOut: number[], forSale: number[]): BundleStock => ({
  soldOut: new Set(soldOut.map(P)),
  forSale: new Set(forSale.map(P)),
});

describe('the bundle and stock', () => {
  it('leaves a look without sold-out products as it was (no soldOutProductIds)', () => {
    expect(withStock(look, [item(2), item(3)], stock([], [1, 2, 3]))).toEqual(look);
  });

  it('lists the sold-out products (the main product too)', () => {
    expect(withStock(look, [item(2), item(3)], stock([1, 3], [2]))).toEqual({
      ...look,
      soldOutProductIds: [P(1), P(3)],
    });
  });

  it('an alternative for sale takes its sold-out item’s place (numeric ids as gids)', () => {
    expect(withStock(look, [item(2, 9), item(3)], stock([2], [1, 3, 9]))).toEqual({
      ...look,
      productIds: [P(1), P(9), P(3)],
    });
  });

  it('an alternative that is sold out, not sold, or already in the look does not replace its item', () => {
    expect(withStock(look, [item(2, 9)], stock([2, 9], [1, 3]))).toEqual({ ...look, soldOutProductIds: [P(2)] });
    expect(withStock(look, [item(2, 9)], stock([2], [1, 3]))).toEqual({ ...look, soldOutProductIds: [P(2)] });
    expect(withStock(look, [item(2, 3)], stock([2], [1, 3]))).toEqual({ ...look, soldOutProductIds: [P(2)] });
  });
});
