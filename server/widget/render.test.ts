import { DEFINED_TEMPLATES } from '../../src/contracts/layout';
import { markerContrast, renderWidget, widgetTitle } from './render';
import { WIDGET_CSS } from './styles';
import { fixtureContext } from './fixtures';
import { safeCss, safeUrl, escapeHtml, jsonForScript } from './escape';
import { XSS_PAYLOADS, xssContexts } from './xssCorpus';

/** The markup without the (static) stylesheet, for readable snapshots. */
const markup = (html: string) => html.replace(/<style class="sl-style">[\s\S]*?<\/style>/, '<style/>');

describe('widget renderer', () => {
  it.each(DEFINED_TEMPLATES.map((t) => [t || 'popup', t] as const))('renders the %s template', (_name, template) => {
    const html = renderWidget(fixtureContext({ definedTemplate: template }));
    expect(markup(html)).toMatchSnapshot();
  });

  it('every template has its own structure', () => {
    const bodies = DEFINED_TEMPLATES.map((t) => markup(renderWidget(fixtureContext({ definedTemplate: t }))).replace(/sl-t-\w+|data-sl-template="\w*"|"template":"\w+"/g, ''));
    // shoppable and left_sha share the markup (CSS differs); inpage, in_desc, one_column, multi_col share the grid.
    expect(new Set(bodies).size).toBeGreaterThanOrEqual(5);
    expect(renderWidget(fixtureContext({ definedTemplate: 'shoppable' }))).toContain('class="sl-marker"');
    expect(renderWidget(fixtureContext({ definedTemplate: 'line_items' }))).toContain('sl-line-check');
    expect(renderWidget(fixtureContext({ definedTemplate: 'inpage_r' }))).toContain('sl-track');
  });

  it('places markers at markerX/markerY in markerColor', () => {
    const html = renderWidget(fixtureContext({ definedTemplate: 'shoppable' }));
    expect(html).toContain('style="left:20%;top:15%"');
    expect(html).toContain('--sl-marker:#FF0000');
  });

  it('draws every marker with a contrasting number and ring: white on dark markers, near-black on light ones', () => {
    expect(markerContrast('1A1A1A')).toEqual({ ink: '#FFFFFF', ring: '#FFFFFF' });
    expect(markerContrast('FF0000')).toEqual({ ink: '#FFFFFF', ring: '#FFFFFF' });
    expect(markerContrast('FFFFFF')).toEqual({ ink: '#111111', ring: '#111111' });
    expect(markerContrast('FFE600')).toEqual({ ink: '#111111', ring: '#111111' });
    const white = renderWidget(fixtureContext({ definedTemplate: 'shoppable' }, {}, { markerColor: 'FFFFFF' }));
    expect(white).toContain('--sl-marker:#FFFFFF;--sl-marker-ink:#111111;--sl-marker-ring:#111111');
    expect(WIDGET_CSS).toMatch(/\.sl-marker\{[^}]*border:2px solid var\(--sl-marker-ring\)[^}]*color:var\(--sl-marker-ink\)/);
  });

  it('a look without a valid marker colour gets the dark default with a white ring (visible on light photos)', () => {
    const html = renderWidget(fixtureContext({ definedTemplate: 'shoppable' }, {}, { markerColor: 'not a colour' }));
    expect(html).toContain('--sl-marker:#1A1A1A;--sl-marker-ink:#FFFFFF;--sl-marker-ring:#FFFFFF');
  });

  it('honours title placeholder, button colour and text, compare-at price and low quantity', () => {
    const html = renderWidget(
      fixtureContext({ customTitle: 'Complete {product} now', addToCartButtonColor: '12ab34', addToCartText: 'Buy it' }),
    );
    expect(html).toContain('<h2 class="sl-title">Complete Linen shirt now</h2>');
    expect(html).toContain('--sl-atc:#12AB34');
    expect(html).toContain('>Buy it</button>');
    expect(html).toContain('<s class="sl-was">$15.00</s>');
    expect(html).toContain('Only 2 left');
    expect(html).toContain('<p class="sl-discount">Save 10%</p>');
    const noCompare = markup(renderWidget(fixtureContext({}, { showCompareAtPrice: false, lowQuantityUnitLimit: '-1' })));
    expect(noCompare).not.toContain('sl-was');
    expect(noCompare).not.toContain('sl-low');
  });

  it('renders the variant style and label', () => {
    expect(renderWidget(fixtureContext({}, { definedVariantStyle: 'select', variantLabel: 'Colour' }))).toMatch(/<label class="sl-vlabel"[^>]*>Colour<\/label>\s*<select/);
    expect(renderWidget(fixtureContext({}, { definedVariantStyle: 'size' }))).toContain('sl-vs-size');
    expect(renderWidget(fixtureContext({}, { definedVariantStyle: 'color' }))).toContain('--sl-swatch:black');
  });

  it('hides out-of-stock items when asked', () => {
    expect(renderWidget(fixtureContext())).toContain('Item 3');
    expect(renderWidget(fixtureContext({}, { autoHideOutOfStockItems: true }))).not.toContain('Item 3');
  });

  it('popup carries its trigger settings', () => {
    const config = (html: string) => JSON.parse(/<script type="application\/json" class="sl-config">(.*?)<\/script>/s.exec(html)![1]);
    const delayed = config(renderWidget(fixtureContext({ definedTemplate: '' }, { usePoopUpEvent: 'post_onload_time', usePoopUpDelay: 4 })));
    expect(delayed.popup).toEqual({ event: 'post_onload_time', delaySeconds: 4, button: false });
    for (const event of ['onload', 'on_user_scroll', 'on_add_to_cart'] as const) {
      expect(config(renderWidget(fixtureContext({ definedTemplate: '' }, { usePoopUpEvent: event }))).popup.event).toBe(event);
    }
    const html = renderWidget(fixtureContext({ definedTemplate: '' }, { useButtonPDP: true }));
    expect(html).toContain('class="sl-popup" hidden');
    expect(html).toContain('sl-popup-open');
  });

  it('title placeholder is replaced everywhere', () => {
    expect(widgetTitle('{product} & {product}', 'A')).toBe('A & A');
  });
});

describe('widget escaping', () => {
  it('escapes HTML, checks URLs, neutralises CSS and JSON', () => {
    expect(escapeHtml(`<img src=x onerror="a">'\``)).toBe('&lt;img src=x onerror=&quot;a&quot;&gt;&#39;&#96;');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeUrl('java\tscript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<script>')).toBeNull();
    expect(safeUrl('/files/a.jpg', 'https://x.example')).toBe('https://x.example/files/a.jpg');
    expect(safeUrl('//evil.example/a.jpg', 'https://x.example')).toBe('https://evil.example/a.jpg');
    expect(safeCss('a{}</style><script>x</script>')).not.toContain('<');
    expect(safeCss('@import url(x); b{background:url(javascript:x)}')).not.toMatch(/@import|javascript:/i);
    expect(jsonForScript({ a: '</script><!--' })).not.toMatch(/<|>/);
  });

  it.each(xssContexts())('no payload markup survives: %s', (_label, ctx) => {
    const html = renderWidget(ctx);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    // Every `<` outside the stylesheet starts one of our tags with our attributes only.
    const body = html.replace(/<style class="sl-style">[^<]*<\/style>/, '');
    const TAGS = /^(style|script|section|div|h2|p|a|img|button|span|article|s|label|select|option|input|strong)$/;
    const ATTRS = /^(class|href|src|alt|loading|type|role|aria-[a-z]+|data-sl-[a-z]+|style|id|for|value|min|max|checked|disabled|hidden)$/;
    const tags = body.split('<').slice(1);
    for (const tag of tags) {
      const m = /^\/?([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*>/.exec(tag);
      expect(m).not.toBeNull();
      expect(m![1]).toMatch(TAGS);
      for (const [, name, value] of m![2].matchAll(/\s+([a-z-]+)(?:="([^"]*)")?/g)) {
        expect(name).toMatch(ATTRS);
        if (name === 'href' || name === 'src') expect(value).toMatch(/^https?:\/\//);
        if (name === 'style') expect(value).toMatch(/^(left:[\d.]+%;top:[\d.]+%|--sl-swatch:[a-z]+)$/);
      }
    }
  });

  it('the corpus has at least 30 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });
});
