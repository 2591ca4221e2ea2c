/**
 * @jest-environment jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act } from 'preact/test-utils';
import { installFakeShopify, line, productLooks } from './fakeShopify';

describe('checkout booster entry', () => {
  it("the module's default export renders the look items into the extension's document", async () => {
    installFakeShopify({
      lines: [line('gid://shopify/Product/1', 'gid://shopify/ProductVariant/11')],
      entries: [
        productLooks('gid://shopify/Product/1', {
          v: 1,
          looks: [
            {
              id: 3,
              title: 'City',
              items: [
                {
                  productId: 'gid://shopify/Product/2',
                  title: 'Loafers',
                  image: null,
                  variantId: 'gid://shopify/ProductVariant/21',
                  available: true,
                },
              ],
            },
          ],
        }),
      ],
    });
    const { default: start } = await import('../src/Checkout');
    await act(async () => {
      await start();
    });
    expect(document.body.querySelector('s-section')?.getAttribute('heading')).toBe('Complete the look');
    expect(document.body.textContent).toContain('Loafers');
  });
});
