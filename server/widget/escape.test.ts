import { escapeHtml, html, raw, safeCss, safeUrl } from './escape';

describe('page escaping', () => {
  it('escapes HTML and interpolations unless marked safe', () => {
    expect(escapeHtml(`<img src=x onerror="a">'\``)).toBe('&lt;img src=x onerror=&quot;a&quot;&gt;&#39;&#96;');
    expect(html`<p>${'<b>'}${raw('<i>')}</p>`.value).toBe('<p>&lt;b&gt;<i></p>');
  });

  it('keeps http(s) URLs only', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeUrl('java\tscript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<script>')).toBeNull();
    expect(safeUrl('/files/a.jpg', 'https://x.example')).toBe('https://x.example/files/a.jpg');
    expect(safeUrl('//evil.example/a.jpg', 'https://x.example')).toBe('https://evil.example/a.jpg');
  });

  it('merchant CSS can only style', () => {
    expect(safeCss('a{}</style><script>x</script>')).not.toContain('<');
    expect(safeCss('@import url(x); b{background:url(javascript:x)}')).not.toMatch(/@import|javascript:/i);
    expect(safeCss('a{width:expression(alert(1))} b{behavior:url(x)}')).not.toMatch(/expression\(|behavior:/i);
    expect(safeCss('.sl-title{color:red}')).toBe('.sl-title{color:red}');
  });
});
