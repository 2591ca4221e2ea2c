import { allowedRedirect } from './isAllowedRedirect';

const HOST = 'localhost:3000';

describe('exitiframe redirect rule', () => {
  it.each([
    ['https://admin.shopify.com/store/demo/apps/looks', 'https://admin.shopify.com/store/demo/apps/looks'],
    ['https://demo-shop.myshopify.com/admin/apps', 'https://demo-shop.myshopify.com/admin/apps'],
    ['http://localhost:3000/looks', 'http://localhost:3000/looks'],
    ['/looks?x=1', 'https://localhost:3000/looks?x=1'],
  ])('allows %s', (input, expected) => {
    expect(allowedRedirect(input, HOST)).toBe(expected);
  });

  it.each([
    'https://evil.com/?x=.myshopify.com',
    'https://myshopify.com.evil.com/',
    'https://evil.com#admin.shopify.com',
    'https://admin.shopify.com.evil.com/',
    'https://evilmyshopify.com/',
    'https://.myshopify.com/',
    'javascript:alert(1)',
    'JavaScript:alert(document.domain)//.myshopify.com',
    'data:text/html,<script>alert(1)</script>',
    '//evil.com/path',
    '//evil.com\\@admin.shopify.com',
    'https://admin.shopify.com@evil.com/',
    'https://user:pass@demo.myshopify.com/',
    'https://evil.example',
    'ftp://demo.myshopify.com/',
    '',
  ])('refuses %s', (input) => {
    expect(allowedRedirect(input, HOST)).toBeNull();
  });

  it('refuses a missing parameter', () => {
    expect(allowedRedirect(null, HOST)).toBeNull();
  });
});
