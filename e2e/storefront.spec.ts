import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { test, expect, openApp } from './fixtures';
import { adminApi } from './adminApi';
import type { LayoutSettings } from '../src/contracts/layout';
import type { ShopSettings } from '../src/contracts/shop';
import type { Paginated } from '../src/contracts/api';

/**
 * The storefront script (extensions/looks-theme/assets/looks.js) on the demo storefront, which loads it
 * as a theme does: hotspots, the popup by keyboard, add to cart with the look property, the funnel only
 * with consent, and no serious axe violations.
 */
const HANDLE = 'linen-shirt-sand';

interface LookDetail {
  id: number;
  title: string;
  relatedItems: { itemId: string; markerX: number; markerY: number; order: number }[];
}

async function admin(request: APIRequestContext) {
  const { headers, ok } = await adminApi(request);
  // These tests are about the look itself: the demo's running A/B test (another layout for half the shoppers) is stopped.
  for (const e of (await ok(await request.get('/admin/api/v1/experiments', { headers }))) as {
    id: number;
    status: string;
  }[]) {
    if (e.status === 'running')
      await ok(await request.patch(`/admin/api/v1/experiments/${e.id}`, { headers, data: { status: 'stopped' } }));
  }
  return {
    layout: (body: Partial<LayoutSettings>) => request.patch('/admin/api/v1/layout', { headers, data: body }).then(ok),
    settings: (body: Partial<ShopSettings>) => request.patch('/admin/api/v1/shop', { headers, data: body }).then(ok),
    look: async (): Promise<LookDetail> => {
      const list = await ok(await request.get('/admin/api/v1/productLooks?limit=50', { headers }));
      const summer = (list as Paginated<{ id: number; title: string }>).data.find(
        (l) => l.title === 'Summer in the City',
      );
      expect(summer).toBeTruthy();
      const detail = (await ok(await request.get(`/admin/api/v1/productLooks/${summer!.id}`, { headers }))) as {
        look: LookDetail;
      };
      return detail.look;
    },
  };
}

async function openLook(page: Page, lookId: number, query = '') {
  await page.goto(`/storefront/products/${HANDLE}?look=${lookId}${query}`);
  await expect(page.locator('.sl-widget[data-sl-ready]')).toHaveCount(1);
}

test.describe('storefront script on the demo storefront', () => {
  test.describe.configure({ mode: 'serial' });

  test('hotspots sit where the look places them and lead to their items, by keyboard too', async ({
    page,
    request,
  }) => {
    const api = await admin(request);
    await api.layout({ definedTemplate: 'shoppable', placementMethod: 'section' });
    const look = await api.look();
    await openLook(page, look.id);
    const stage = await page.locator('.sl-stage').boundingBox();
    const markers = page.locator('.sl-marker');
    const related = [...look.relatedItems].sort((a, b) => a.order - b.order);
    await expect(markers).toHaveCount(related.length);
    for (const [i, item] of related.entries()) {
      const box = (await markers.nth(i).boundingBox())!;
      const x = ((box.x + box.width / 2 - stage!.x) / stage!.width) * 100;
      const y = ((box.y + box.height / 2 - stage!.y) / stage!.height) * 100;
      expect(Math.abs(x - item.markerX), `marker ${i + 1} x`).toBeLessThan(1);
      expect(Math.abs(y - item.markerY), `marker ${i + 1} y`).toBeLessThan(1);
      const controls = await markers.nth(i).getAttribute('aria-controls');
      await expect(page.locator(`#${controls}`)).toHaveAttribute('data-sl-product', item.itemId);
    }
    const second = markers.nth(1);
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    const item = page.locator(`#${await second.getAttribute('aria-controls')}`);
    await expect(item).toHaveClass(/is-highlighted/);
    await expect(item).toBeFocused();
    await markers.nth(0).focus();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(markers.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.sl-item.is-highlighted')).toHaveCount(1);
  });

  test('add to cart posts the chosen variant with the look property and announces it; a store gets /cart/add.js', async ({
    page,
    request,
  }) => {
    const api = await admin(request);
    const look = await api.look();
    await api.layout({ definedTemplate: 'full_width', placementMethod: 'section' });
    const demoPosts: Record<string, unknown>[] = [];
    await page.route('**/api/storefront/add-to-cart', async (route) => {
      demoPosts.push(route.request().postDataJSON());
      await route.continue();
    });
    await openLook(page, look.id);
    const first = page.locator('.sl-item').first();
    const variant = await first.getAttribute('data-sl-variant');
    await first.locator('.sl-atc').click();
    await expect(page.locator('.sl-live')).toHaveText('Added to cart');
    await expect.poll(() => demoPosts.length).toBe(1);
    expect(demoPosts[0]).toMatchObject({
      lookId: look.id,
      productId: await first.getAttribute('data-sl-product'),
      quantity: 1,
    });
    const cart = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              shoppableLooksLastCart: { items: { id: string; quantity: number; properties: Record<string, string> }[] };
            }
          ).shoppableLooksLastCart,
      );
    expect((await cart()).items).toEqual([{ id: variant, quantity: 1, properties: { _look_id: String(look.id) } }]);

    // The same page as a store renders it: the platform cart, the theme's count bubble.
    await page.route(`**/storefront/products/${HANDLE}*`, async (route) => {
      const res = await route.fetch();
      const body = (await res.text())
        .replace('"platformCart":false', '"platformCart":true')
        .replace('<span class="sf-cart">', '<span class="sf-cart"><span data-cart-count>0</span> ');
      await route.fulfill({ response: res, body });
    });
    const storeAdds: Request[] = [];
    await page.route('**/cart/add.js', async (route) => {
      storeAdds.push(route.request());
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[]}' });
    });
    await page.route('**/cart.js', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"item_count":3}' }),
    );
    await openLook(page, look.id);
    const refreshed = page.evaluate(
      () =>
        new Promise((resolve) =>
          document.addEventListener('cart:refresh', (e) => resolve((e as CustomEvent).detail), { once: true }),
        ),
    );
    await page.locator('.sl-add-all').click();
    await expect.poll(() => storeAdds.length).toBe(1);
    const ids = await page
      .locator('.sl-item')
      .evaluateAll((items) =>
        items
          .filter((i) => !(i.querySelector('.sl-atc') as HTMLButtonElement).disabled)
          .map((i) => Number(i.getAttribute('data-sl-variant')!.split('/').pop())),
      );
    expect(storeAdds[0].postDataJSON()).toEqual({
      items: ids.map((id) => ({ id, quantity: 1, properties: { _look_id: String(look.id) } })),
    });
    expect(await refreshed).toMatchObject({ lookId: look.id });
    await expect(page.locator('[data-cart-count]')).toHaveText('3');
    expect(demoPosts).toHaveLength(1);
  });

  test('the popup opens and closes with the keyboard, keeps focus inside and gives it back', async ({
    page,
    request,
  }) => {
    const api = await admin(request);
    const look = await api.look();
    await api.layout({ definedTemplate: '', placementMethod: 'section' });
    await api.settings({ useButtonPDP: true, usePoopUpEvent: 'on_add_to_cart' });
    await openLook(page, look.id);
    const opener = page.locator('.sl-popup-open');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeHidden();
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await expect(opener).toHaveAttribute('aria-controls', /.+/);
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.sl-popup-close')).toBeFocused();
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(
        await page.evaluate(() => !!document.activeElement?.closest('.sl-popup')),
        `focus inside after key ${i + 1}`,
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    // The configured trigger: the product form's add to cart opens it (once).
    await page.locator('[data-sl-atc]').click();
    await expect(dialog).toBeHidden();
    await openLook(page, look.id);
    await page.locator('[data-sl-atc]').click();
    await expect(dialog).toBeVisible();
    await page.locator('.sl-popup-close').click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-sl-atc]')).toBeFocused();
  });

  test('funnel events go out in a beacon batch only with consent', async ({ page, request }) => {
    const api = await admin(request);
    const look = await api.look();
    await api.layout({ definedTemplate: 'shoppable', placementMethod: 'section' });
    const batches: {
      visitorId: string;
      events: { type: string; lookId: number; productId?: string; device: string; at: number }[];
    }[] = [];
    await page.route('**/api/storefront/events', async (route) => {
      batches.push(route.request().postDataJSON());
      await route.fulfill({ status: 204 });
    });
    const flush = () => page.evaluate(() => window.dispatchEvent(new Event('pagehide')));

    // Consent withdrawn: the widget works, nothing is recorded or sent, no visitor id is kept.
    await openLook(page, look.id);
    const consent = page.getByRole('checkbox', { name: /Allow analytics/ });
    await expect(consent).toBeChecked();
    await consent.uncheck();
    await page.locator('.sl-widget').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1300);
    await page.locator('.sl-marker').first().click();
    await flush();
    await page.reload();
    await expect(consent).not.toBeChecked();
    await page.locator('.sl-widget').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1300);
    await flush();
    await page.waitForTimeout(300);
    expect(batches).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('sl_vid'))).toBeNull();

    // Consent given: an impression after a second in view (once), the hotspot click, the item click; one batch.
    await consent.check();
    await page.reload();
    await expect(consent).toBeChecked();
    await page.locator('.sl-widget').scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector('.sl-widget')!.getBoundingClientRect().top < innerHeight / 2),
      )
      .toBe(true);
    await page.waitForTimeout(1300);
    const marker = page.locator('.sl-marker').first();
    await marker.click();
    const product = await page
      .locator(`#${await marker.getAttribute('aria-controls')}`)
      .getAttribute('data-sl-product');
    await page
      .locator('.sl-item a.sl-item-title')
      .first()
      .evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await page.locator('.sl-item a.sl-item-title').first().click();
    await flush();
    await expect.poll(() => batches.length).toBe(1);
    const [batch] = batches;
    expect(batch.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(batch.visitorId).toBe(await page.evaluate(() => localStorage.getItem('sl_vid')));
    expect(batch.events.map((e) => e.type)).toEqual(['impression', 'hotspot_click', 'item_click']);
    expect(batch.events[1]).toMatchObject({ lookId: look.id, productId: product, device: 'desktop' });
    for (const e of batch.events) expect(Math.abs(e.at - Date.now())).toBeLessThan(60_000);
    await flush();
    await page.waitForTimeout(300);
    expect(batches).toHaveLength(1);
  });

  test('the admin layout preview (a sandboxed srcdoc frame) runs the same script: markers work there, nothing is posted', async ({
    page,
    request,
  }) => {
    const api = await admin(request);
    await api.layout({ definedTemplate: 'shoppable', placementMethod: 'section' });
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && /\/api\/storefront\//.test(r.url()) && posts.push(r.url()));
    await openApp(page, '/layout');
    const frame = page.frameLocator('[data-testid="layout-preview-frame"]');
    await expect(frame.locator('.sl-widget[data-sl-ready]')).toHaveCount(1);
    const marker = frame.locator('.sl-marker').first();
    await marker.click();
    await expect(marker).toHaveAttribute('aria-expanded', 'true');
    await frame.locator('.sl-atc:not([disabled])').first().click();
    await expect(frame.locator('.sl-live')).toHaveText(/.+/);
    expect(posts).toEqual([]);
  });

  test('no serious or critical axe violations (hotspots, popup open)', async ({ page, request }) => {
    const api = await admin(request);
    const look = await api.look();
    const check = async () => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    };
    await api.layout({ definedTemplate: 'shoppable', placementMethod: 'section' });
    await openLook(page, look.id);
    await page.locator('.sl-marker').first().click();
    expect(await check()).toEqual([]);
    await api.layout({ definedTemplate: '', placementMethod: 'section' });
    await api.settings({ useButtonPDP: true, usePoopUpEvent: 'onload' });
    await openLook(page, look.id);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await check()).toEqual([]);
  });
});
