import { DEFINED_TEMPLATES } from '../../../../src/contracts/layout';
import { fixtureConfig, fixtureLiveProducts, fixtureLook, type FixtureRender } from './fixtures';

/**
 * Payloads that call `__xss(n)` if they ever run (the browser test exposes it;
 * javascript:/alert variants are caught by dialog and navigation checks).
 */
export const XSS_PAYLOADS: string[] = [
  '<script>__xss(1)</script>',
  '<img src=x onerror=__xss(2)>',
  '"><img src=x onerror=__xss(3)>',
  "'><svg onload=__xss(4)>",
  '</style><script>__xss(5)</script>',
  '</script><script>__xss(6)</script>',
  '<svg><script>__xss(7)</script></svg>',
  'javascript:__xss(8)',
  'JaVaScRiPt:__xss(9)',
  ' javascript:__xss(10)',
  'java\tscript:__xss(11)',
  'data:text/html,<script>__xss(12)</script>',
  'vbscript:__xss(13)',
  '<iframe src="javascript:__xss(14)"></iframe>',
  '<body onload=__xss(15)>',
  '<a href="javascript:__xss(16)">x</a>',
  '" onmouseover="__xss(17)" x="',
  "' onfocus='__xss(18)' autofocus x='",
  '<details open ontoggle=__xss(19)>',
  '<input autofocus onfocus=__xss(20)>',
  '<!--<img src="--><img src=x onerror=__xss(21)//">',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(22)>',
  '{{constructor.constructor("__xss(23)")()}}',
  '${__xss(24)}',
  '<object data="javascript:__xss(25)"></object>',
  '<embed src="javascript:__xss(26)">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(27)">',
  '<base href="javascript:__xss(28)//">',
  '}</style><img src=x onerror=__xss(29)><style>',
  '@import "javascript:__xss(30)"; body{background:url("javascript:__xss(30)")}',
  'a{background:expression(__xss(31))}',
  '<\u0000script>__xss(32)</script>',
  '&lt;script&gt;__xss(33)&lt;/script&gt;',
  '\u2028</script><script>__xss(34)</script>',
  '<form><button formaction=javascript:__xss(35)>x</button></form>',
  '<video><source onerror=__xss(36)></video>',
  '<marquee onstart=__xss(37)>',
  '`-alert(1)-`<img src=x onerror=__xss(38)>',
  '{% render "sl-url", url: "javascript:__xss(39)" %}{{ "x" | t }}',
];

/**
 * Every payload in every merchant and catalog string (the metafield JSON and the live products), across
 * templates and placements: [label, fixture].
 */
export function xssContexts(): Array<[string, FixtureRender]> {
  const out: Array<[string, FixtureRender]> = [];
  XSS_PAYLOADS.forEach((payload, i) => {
    const template = DEFINED_TEMPLATES[i % DEFINED_TEMPLATES.length];
    const config = fixtureConfig(
      {
        definedTemplate: template === '' ? 'shoppable' : template,
        customTitle: `${payload} {product}`,
        addToCartText: payload,
        customCss: payload,
        placementMethod: i % 3 === 0 ? 'selector' : 'section',
        inPageCssSelector: payload,
        addToCartButtonColor: i % 2 ? payload : '12AB34',
      },
      {
        variantLabel: payload,
        discountButtonText: payload,
        applyDiscount: true,
        discountCode: payload,
        definedVariantStyle: (['select', 'size', 'color'] as const)[i % 3],
        usePoopUpEvent: payload as never,
      },
    );
    config.currency = i % 2 ? payload : 'EUR';
    config.utm = i % 2 === 0;
    const base = fixtureLook();
    const look = fixtureLook({
      title: payload,
      markerColor: payload,
      mainProduct: { productId: payload, handle: payload, title: payload, image: payload },
      discount: {
        label: payload,
        text: payload,
        type: 'percentage',
        value: 10,
        tiers: [
          { quantity: payload as never, percentage: payload as never },
          { quantity: 3, percentage: 15 },
        ],
      },
      items: base.items.map((item, n) => ({
        ...item,
        title: payload,
        handle: n === 2 ? payload : item.handle,
        image:
          n === 0
            ? payload
            : n === 1
              ? `https://cdn.shopify.com/s/${payload}`
              : `https://cdn.example/${encodeURIComponent(payload)}.jpg`,
        url: n === 1 ? `/products/${payload}` : payload,
        productId: payload,
        variantId: payload,
        markerX: n === 2 ? (payload as never) : item.markerX,
      })),
    });
    const products = fixtureLiveProducts(look).map((p) => ({
      ...p,
      title: payload,
      variants: p.variants.map((v) => ({ ...v, id: payload, title: payload })),
      selected_or_first_available_variant: { ...p.selected_or_first_available_variant, id: payload, title: payload },
      featured_image: { src: payload, width: null, height: null },
    }));
    const fixture: FixtureRender = { look, config, extra: { products } };
    out.push([`#${i + 1} ${JSON.stringify(payload).slice(0, 40)}`, fixture]);
    if (i % 4 === 0)
      out.push([
        `#${i + 1} popup`,
        { ...fixture, config: { ...config, layout: { ...config.layout, definedTemplate: '' } } },
      ]);
  });
  return out;
}
