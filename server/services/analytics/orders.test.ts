import { attributeItems, lineItemRevenueCents, lookIdOf, orderDevice } from './orders';

describe('attribution math', () => {
  it('reads _look_id from array or object properties', () => {
    expect(
      lookIdOf({
        properties: [
          { name: 'x', value: '1' },
          { name: '_look_id', value: '12' },
        ],
      }),
    ).toBe(12);
    expect(lookIdOf({ properties: { _look_id: 7 } })).toBe(7);
    expect(lookIdOf({ properties: [{ name: '_look_id', value: 'abc' }] })).toBeNull();
    expect(lookIdOf({ properties: [{ name: '_look_id', value: '-3' }] })).toBeNull();
    expect(lookIdOf({ properties: null })).toBeNull();
    expect(lookIdOf({})).toBeNull();
  });

  it('revenue is price × quantity minus discounts, in cents, never negative', () => {
    expect(lineItemRevenueCents({ price: '19.99', quantity: 3 })).toBe(5997);
    expect(
      lineItemRevenueCents({
        price: '19.99',
        quantity: 3,
        discount_allocations: [{ amount: '1.00' }, { amount: '0.99' }],
      }),
    ).toBe(5798);
    expect(lineItemRevenueCents({ price: '10.00', quantity: 1, total_discount: '2.50' })).toBe(750);
    // allocations win over total_discount when both are present
    expect(
      lineItemRevenueCents({
        price: '10.00',
        quantity: 1,
        total_discount: '2.50',
        discount_allocations: [{ amount: '1.00' }],
      }),
    ).toBe(900);
    expect(lineItemRevenueCents({ price: '10.00', quantity: 1, total_discount: '20' })).toBe(0);
    expect(lineItemRevenueCents({ price: '0.1', quantity: 3 })).toBe(30);
  });

  it('only line items carrying a look of the shop are attributed', () => {
    const items = attributeItems(
      {
        id: 1,
        line_items: [
          { product_id: 11, quantity: 1, price: '10', properties: [{ name: '_look_id', value: '1' }] },
          { product_id: 12, quantity: 2, price: '5', properties: [{ name: '_look_id', value: '2' }] },
          { product_id: 13, quantity: 1, price: '99', properties: [] },
        ],
      },
      new Set([1]),
    );
    expect(items).toEqual([{ lookId: 1, productGid: 'gid://shopify/Product/11', quantity: 1, revenueCents: 1000 }]);
  });
});

describe('orderDevice', () => {
  it('reads the device from the client details user agent; none is null', () => {
    const ua = (user_agent: string | null | undefined) => orderDevice({ client_details: { user_agent } });
    expect(ua('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(
      'mobile',
    );
    expect(ua('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36')).toBe(
      'mobile',
    );
    expect(ua('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36')).toBe(
      'desktop',
    );
    expect(ua('')).toBeNull();
    expect(ua(null)).toBeNull();
    expect(orderDevice({})).toBeNull();
    expect(orderDevice({ client_details: null })).toBeNull();
  });
});
