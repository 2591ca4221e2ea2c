import type { StorefrontExperiment } from '../../../../src/contracts/storefront';
import { storefrontLiquid } from './engine';
import { fixtureConfig, fixtureGlobals, fixtureLook, renderFixture } from './fixtures';

/** A look's running A/B test in the blocks (snippets/sl-ab.liquid, sl-look.liquid): one widget per variant, the control visible. */
const experiment = (over: Partial<StorefrontExperiment['variants'][number]> = {}): StorefrontExperiment => ({
  id: 3,
  variants: [
    { id: 11, split: 60, control: true, image: null, template: null },
    { id: 12, split: 40, control: false, image: 'https://cdn.example/b.jpg', template: 'multi_col', ...over },
  ],
});
const widgets = (html: string) =>
  [...html.matchAll(/<(?:section|div) class="sl-widget [^"]*"[^>]*>/g)].map((m) => m[0]);
const configs = (html: string) =>
  [...html.matchAll(/<script type="application\/json" class="sl-config">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1]),
  );
const mainImages = (html: string) => [...html.matchAll(/<img class="sl-main" src="([^"]*)"/g)].map((m) => m[1]);

jest.setTimeout(30_000);

describe('a look with a running A/B test (Liquid)', () => {
  it('renders every variant, only the control visible, each with its variant, test and own layout or image; the test script once', async () => {
    const html = await renderFixture({
      look: fixtureLook({ experiment: experiment({ template: 'full_width' }) }),
      config: fixtureConfig({ definedTemplate: 'shoppable' }),
    });
    expect(widgets(html)).toEqual([
      '<section class="sl-widget sl-t-shoppable" data-sl-look="7" data-sl-template="shoppable" data-sl-ab-variant="11">',
      '<section class="sl-widget sl-t-full_width" data-sl-look="7" data-sl-template="full_width" data-sl-ab-variant="12" hidden>',
    ]);
    const split = {
      id: 3,
      variants: [
        { id: 11, split: 60 },
        { id: 12, split: 40 },
      ],
    };
    expect(configs(html).map((c) => [c.lookId, c.template, c.abVariant, c.experiment])).toEqual([
      [7, 'shoppable', 11, split],
      [7, 'full_width', 12, split],
    ]);
    expect(mainImages(html)).toEqual(['https://cdn.example/main.jpg', 'https://cdn.example/b.jpg']);
    expect(html.match(/<script src="\/storefront\/assets\/looks-ab\.js" defer><\/script>/g)).toHaveLength(1);
    expect(html.match(/<style class="sl-style">/g)).toHaveLength(1);
  });

  it('a variant on the popup is a popup; a variant with only another image keeps the layout', async () => {
    const popup = await renderFixture({
      look: fixtureLook({ experiment: experiment({ image: null, template: 'popup' }) }),
      config: fixtureConfig({ definedTemplate: 'inpage' }),
    });
    expect(widgets(popup)[1]).toBe(
      '<div class="sl-widget sl-t-popup" data-sl-look="7" data-sl-template="popup" data-sl-ab-variant="12" hidden>',
    );
    expect(configs(popup)[1].popup).toMatchObject({ event: 'onload' });
    const image = await renderFixture({
      look: fixtureLook({ experiment: experiment({ template: null }) }),
      config: fixtureConfig({ definedTemplate: 'full_width' }),
    });
    expect(configs(image).map((c) => c.template)).toEqual(['full_width', 'full_width']);
    expect(mainImages(image)).toEqual(['https://cdn.example/main.jpg', 'https://cdn.example/b.jpg']);
  });

  it('the app embed (popup layout) shows the variants too', async () => {
    const globals = fixtureGlobals({
      look: fixtureLook({ experiment: experiment() }),
      config: fixtureConfig({ definedTemplate: '' }),
    });
    const html = await storefrontLiquid().render('looks-embed', globals);
    expect(widgets(html).map((w) => /data-sl-template="(\w+)"[^>]*?( hidden)?>/.exec(w)!.slice(1))).toEqual([
      ['popup', undefined],
      ['multi_col', ' hidden'],
    ]);
    expect(html).toContain('looks-ab.js');
  });

  it('the theme editor and a look without a test show the one widget, without the test script', async () => {
    const editor = await renderFixture({
      look: fixtureLook({ experiment: experiment() }),
      config: fixtureConfig(),
      designMode: true,
    });
    expect(widgets(editor)).toHaveLength(1);
    expect(editor).not.toContain('data-sl-ab-variant');
    expect(editor).not.toContain('looks-ab.js');
    const plain = await renderFixture({ look: fixtureLook(), config: fixtureConfig() });
    expect(widgets(plain)).toHaveLength(1);
    expect(configs(plain)[0]).not.toHaveProperty('abVariant');
    expect(plain).not.toContain('looks-ab.js');
  });

  it("a look's own template (an applied winner) replaces the shop's, not a template the block chose", async () => {
    const look = fixtureLook({ template: 'one_column' });
    expect(
      configs(await renderFixture({ look, config: fixtureConfig({ definedTemplate: 'inpage' }) }))[0].template,
    ).toBe('one_column');
    const globals = fixtureGlobals({ look, config: fixtureConfig({ definedTemplate: 'inpage' }) });
    expect(
      configs(await storefrontLiquid().render('shoppable-look', globals, { template: 'full_width' }))[0].template,
    ).toBe('full_width');
  });

  it('unsafe or unknown variant values go nowhere: no script URL as image, an unknown template falls back', async () => {
    const html = await renderFixture({
      look: fixtureLook({
        experiment: experiment({ image: 'javascript:alert(1)', template: '"><script>alert(1)</script>' }),
      }),
      config: fixtureConfig({ definedTemplate: 'shoppable' }),
    });
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<script>alert');
    expect(configs(html)[1].template).toBe('inpage_r');
  });
});
