/**
 * The theme's look block through the server-side Liquid engine: time per render for each template
 * (10 items per look, live products for all of them), output size, and the layout preview endpoint
 * and demo product page end to end (seeded shop).
 */
import { performance } from 'node:perf_hooks';
import { DEFINED_TEMPLATES } from '../../src/contracts/layout';
import {
  fixtureConfig,
  fixtureItem,
  fixtureLook,
  renderFixture,
} from '../../server/services/storefront/liquid/fixtures';
import { createTestApp } from '../../server/test/testApp';
import { DEMO_SHOP_DOMAIN } from '../../server/config';

export const name = 'Liquid look block and layout preview';

export async function run(): Promise<Record<string, string | number>> {
  const figures: Record<string, string | number> = {};
  const items = Array.from({ length: 10 }, (_, i) =>
    fixtureItem((i % 3) + 1, {
      productId: `gid://shopify/Product/${3000 + i}`,
      handle: `item-${i}`,
      title: `Item ${i}`,
    }),
  );
  const look = fixtureLook({ items });
  for (const template of DEFINED_TEMPLATES) {
    const fixture = {
      look,
      config: fixtureConfig({ definedTemplate: template, customCss: '.sl-title{letter-spacing:.04em}' }),
    };
    for (let i = 0; i < 50; i += 1) await renderFixture(fixture);
    const runs = 300;
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < runs; i += 1) bytes = (await renderFixture(fixture)).length;
    const perRender = (performance.now() - started) / runs;
    figures[`render ${template || 'popup'} (µs/render, KB)`] =
      `${(perRender * 1000).toFixed(0)} µs, ${(bytes / 1024).toFixed(1)} KB`;
  }
  const t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'silent' } });
  try {
    const payload = { definedTemplate: 'shoppable' };
    for (let i = 0; i < 5; i += 1)
      await t.request({ method: 'POST', url: '/admin/api/v1/layout/preview', payload, shop: DEMO_SHOP_DOMAIN });
    const n = 100;
    const started = performance.now();
    for (let i = 0; i < n; i += 1)
      await t.request({ method: 'POST', url: '/admin/api/v1/layout/preview', payload, shop: DEMO_SHOP_DOMAIN });
    figures['POST /layout/preview (ms/request, inject)'] = ((performance.now() - started) / n).toFixed(2);
    const page = performance.now();
    // The seed's looks are drafts: ?look= shows the shirt's look as the page would once it is active.
    for (let i = 0; i < n; i += 1)
      await t.app.inject({ method: 'GET', url: '/storefront/products/linen-shirt-sand?look=1' });
    figures['GET /storefront/products/:handle (ms/request)'] = ((performance.now() - page) / n).toFixed(2);
  } finally {
    await t.close();
  }
  return figures;
}
