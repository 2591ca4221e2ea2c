/**
 * Widget renderer: time per render for each template (10 items per look),
 * output size, and the layout preview endpoint end to end (seeded shop).
 */
import { performance } from 'node:perf_hooks';
import { DEFINED_TEMPLATES } from '../../src/contracts/layout';
import { renderWidget } from '../../server/widget/render';
import { fixtureContext, fixtureLook } from '../../server/widget/fixtures';
import { createTestApp } from '../../server/test/testApp';
import { DEMO_SHOP_DOMAIN } from '../../server/config';

export const name = 'widget renderer and layout preview';

export async function run(): Promise<Record<string, string | number>> {
  const figures: Record<string, string | number> = {};
  const base = fixtureLook();
  const items = Array.from({ length: 10 }, (_, i) => ({ ...base.items[i % base.items.length], productId: `gid://shopify/Product/${3000 + i}`, title: `Item ${i}` }));
  for (const template of DEFINED_TEMPLATES) {
    const ctx = fixtureContext({ definedTemplate: template, customCss: '.sl-title{letter-spacing:.04em}' }, {}, { items });
    for (let i = 0; i < 200; i += 1) renderWidget(ctx);
    const runs = 2000;
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < runs; i += 1) bytes = renderWidget(ctx).length;
    const perRender = (performance.now() - started) / runs;
    figures[`render ${template || 'popup'} (µs/render, KB)`] = `${(perRender * 1000).toFixed(0)} µs, ${(bytes / 1024).toFixed(1)} KB`;
  }
  const t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'silent' } });
  try {
    const payload = { definedTemplate: 'shoppable' };
    for (let i = 0; i < 5; i += 1) await t.request({ method: 'POST', url: '/admin/api/v1/layout/preview', payload, shop: DEMO_SHOP_DOMAIN });
    const n = 100;
    const started = performance.now();
    for (let i = 0; i < n; i += 1) await t.request({ method: 'POST', url: '/admin/api/v1/layout/preview', payload, shop: DEMO_SHOP_DOMAIN });
    figures['POST /layout/preview (ms/request, inject)'] = ((performance.now() - started) / n).toFixed(2);
    const page = performance.now();
    for (let i = 0; i < n; i += 1) await t.app.inject({ method: 'GET', url: '/storefront/products/linen-shirt-sand' });
    figures['GET /storefront/products/:handle (ms/request)'] = ((performance.now() - page) / n).toFixed(2);
  } finally {
    await t.close();
  }
  return figures;
}
