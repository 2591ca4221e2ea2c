import {
  gridPositions,
  isGeneratedImageUrl,
  placeMarkers,
  positionFromPixels,
  type GeneratedItemPosition,
} from './hotspots';

const item = (itemId: string, markerX = 50, markerY = 50) => ({ itemId, markerX, markerY });
const at = (productId: string, x: number, y: number): GeneratedItemPosition => ({
  productId,
  x,
  y,
  source: 'composed',
});

describe('gridPositions', () => {
  it('ceil(√n) columns, cells in reading order, each item at its cell centre', () => {
    expect(gridPositions(0)).toEqual([]);
    expect(gridPositions(1).map(({ x, y }) => [x, y])).toEqual([[50, 50]]);
    expect(gridPositions(2).map(({ x, y }) => [x, y])).toEqual([
      [25, 50],
      [75, 50],
    ]);
    expect(gridPositions(5).map(({ x, y }) => [x, y])).toEqual([
      [16.67, 25],
      [50, 25],
      [83.33, 25],
      [16.67, 75],
      [50, 75],
    ]);
    expect(gridPositions(4)[3].box).toEqual({ left: 50, top: 50, width: 50, height: 50 });
  });
});

describe('positionFromPixels', () => {
  it('converts to percent of the image and clips to it', () => {
    expect(
      positionFromPixels('p', { left: 100, top: 50, width: 200, height: 100 }, { width: 400, height: 200 }, 'detected'),
    ).toEqual({
      productId: 'p',
      x: 50,
      y: 50,
      box: { left: 25, top: 25, width: 50, height: 50 },
      source: 'detected',
    });
    expect(
      positionFromPixels(
        'p',
        { left: -100, top: 150, width: 200, height: 100 },
        { width: 400, height: 200 },
        'detected',
      ).box,
    ).toEqual({
      left: 0,
      top: 75,
      width: 25,
      height: 25,
    });
  });
});

describe('placeMarkers', () => {
  it('matches by product id, rounds to whole percent; unplaced items not in the image go to the bottom row, placed ones stay', () => {
    const items = [item('a', 10, 10), item('b'), item('c', 5, 95), item('d')];
    const out = placeMarkers(items, [at('main', 40, 40), at('a', 60.6, 20.4)]);
    expect(out.placed).toBe(1);
    expect(out.spread).toBe(2);
    expect(out.items.map((i) => [i.itemId, i.markerX, i.markerY])).toEqual([
      ['a', 61, 20],
      ['b', 25, 92],
      ['c', 5, 95],
      ['d', 75, 92],
    ]);
  });

  it('changes nothing when the image shows none of the items or has no positions', () => {
    const items = [item('a', 10, 10), item('b')];
    expect(placeMarkers(items, [at('x', 1, 1)])).toEqual({ items, placed: 0, spread: 0 });
    expect(placeMarkers(items, undefined)).toEqual({ items, placed: 0, spread: 0 });
  });

  it('keeps other fields and ignores positions that are not numbers', () => {
    const items = [{ ...item('a'), title: 'Tee' }, item('b', 3, 4)];
    const out = placeMarkers(items, [at('a', 120, -5), { productId: 'b', x: Number.NaN, y: 1, source: 'grid' }]);
    expect(out.items[0]).toEqual({ itemId: 'a', title: 'Tee', markerX: 100, markerY: 0 });
    expect(out.items[1]).toEqual(item('b', 3, 4));
  });
});

describe('isGeneratedImageUrl', () => {
  it('is a generated image of a shop (app path or absolute), not an upload or a catalog photo', () => {
    expect(isGeneratedImageUrl('/files/shops/3/generated/12-1.jpg')).toBe(true);
    expect(isGeneratedImageUrl('https://app.example/files/shops/3/generated/12-1.jpg')).toBe(true);
    expect(isGeneratedImageUrl('/files/shops/3/uploads/photo.jpg')).toBe(false);
    expect(isGeneratedImageUrl('https://cdn.shopify.com/s/files/1/generated/x.jpg')).toBe(false);
  });
});
