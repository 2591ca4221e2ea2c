import { firstLoadFiles } from './foundation.bench';

describe('foundation bench: first-load files', () => {
  it('takes the scripts and stylesheets index.html loads (minified or not), nothing external', () => {
    const html = `<head><script src=https://cdn.shopify.com/shopifycloud/app-bridge.js></script>
      <link href=/assets/vendor.1.css rel=stylesheet><link rel="stylesheet" href="/assets/main.2.css"><link rel=icon href=/logo.svg></head>
      <body><script defer src=/assets/runtime.3.js></script><script defer="defer" src="/assets/main.4.js"></script></body>`;
    expect(firstLoadFiles(html)).toEqual({
      js: ['/assets/runtime.3.js', '/assets/main.4.js'],
      css: ['/assets/vendor.1.css', '/assets/main.2.css'],
    });
  });
});
