import { DEFINED_TEMPLATES } from '../../src/contracts/layout';
import { fixtureContext } from './fixtures';
import type { WidgetContext } from './types';

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
];

/** Every payload in every merchant and catalog string, across templates: [label, context]. */
export function xssContexts(): Array<[string, WidgetContext]> {
  const out: Array<[string, WidgetContext]> = [];
  XSS_PAYLOADS.forEach((payload, i) => {
    const template = DEFINED_TEMPLATES[i % DEFINED_TEMPLATES.length];
    const base = fixtureContext(
      {
        definedTemplate: template === '' ? 'shoppable' : template,
        customTitle: `${payload} {product}`,
        addToCartText: payload,
        customCss: payload,
        placementMethod: 'selector',
        inPageCssSelector: payload,
      },
      { variantLabel: payload, discountButtonText: payload, applyDiscount: true, discountCode: payload },
    );
    const look = base.look;
    look.mainProduct = { title: payload, image: payload };
    look.title = payload;
    look.discount = { enabled: true, label: payload, discountText: payload };
    look.items = look.items.map((item, n) => ({
      ...item,
      title: payload,
      image: n === 0 ? payload : `https://cdn.example/${encodeURIComponent(payload)}.jpg`,
      url: payload,
      productId: payload,
      variants: item.variants.map((v) => ({ ...v, id: payload, title: payload })),
    }));
    out.push([`#${i + 1} ${JSON.stringify(payload).slice(0, 40)}`, base]);
    if (i % 4 === 0) out.push([`#${i + 1} popup`, { ...base, layout: { ...base.layout, definedTemplate: '' } }]);
  });
  return out;
}
