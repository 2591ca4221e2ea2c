import { Liquid } from 'liquidjs';
import { isLiquidInert, liquidSafe } from './liquidSafe';

describe('liquidSafe', () => {
  it('leaves no Liquid opener in text, attributes, scripts or styles, and keeps what the browser shows', async () => {
    const html = [
      '<p title="{{ a }}">{{ shop.name }} {%- if x -%} {{{ {%%</p>',
      '<script type="application/json" class="sl-config">{"title":"{{ x }} {% y %}","n":{"m":1}}</script>',
      '<style>.a{color:red}/* {% raw %} */</style>',
      '<SCRIPT>{{ unclosed',
    ].join('\n');
    const safe = liquidSafe(html);
    expect(isLiquidInert(safe)).toBe(true);
    // A Liquid engine renders it unchanged (nothing for it to run).
    expect(await new Liquid().parseAndRender(safe, { shop: { name: 'SECRET' }, a: 'SECRET', x: true })).toBe(safe);
    expect(safe).toContain('<p title="&#123;{ a }}">&#123;{ shop.name }} &#123;%- if x -%} &#123;&#123;{ &#123;%%</p>');
    // JSON stays JSON with the same values.
    const json = /<script type="application\/json" class="sl-config">(.*?)<\/script>/.exec(safe)![1];
    expect(JSON.parse(json)).toEqual({ title: '{{ x }} {% y %}', n: { m: 1 } });
    expect(safe).toContain('.a{color:red}/* \\7b % raw %} */');
  });

  it('changes nothing without an opener', () => {
    const html = '<div class="x">{ a } }} %} {"a":{"b":1}}</div><script>var a = {b: {c: 1}};</script>';
    expect(liquidSafe(html)).toBe(html);
  });
});
