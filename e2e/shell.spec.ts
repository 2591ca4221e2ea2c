import { test, expect, openApp } from './fixtures';

const NAV = ['Dashboard', 'Looks', 'Layout', 'Booster', 'Analytics', 'Billing', 'Settings'];

test.describe('app shell', () => {
  test('opens on the demo store and walks every navigation item', async ({ page }) => {
    await openApp(page, '/');
    const nav = page.locator('nav.Polaris-Navigation');
    for (const label of NAV) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    const expected: Record<string, RegExp> = {
      Looks: /\/looks$/,
      Layout: /\/layout$/,
      Booster: /\/booster$/,
      Analytics: /\/analytics$/,
      Billing: /\/billing\/plans$/,
      Settings: /\/settings$/,
      Dashboard: /\/$/,
    };
    for (const label of [...NAV.slice(1), 'Dashboard']) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(expected[label]);
      await expect(page.locator('h1').first()).toBeVisible();
    }
  });

  test("a page's lazily loaded first-screen parts are fetched with its chunk, not after it (src/app/firstScreenParts.ts)", async ({
    page,
  }) => {
    const preloads = () =>
      page
        .locator('link[rel=preload][as=script]')
        .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    await openApp(page, '/looks/edit/1');
    await expect(page.getByRole('button', { name: 'Add products' })).toBeVisible();
    const edit = await preloads();
    for (const chunk of ['look-edit', 'related-items-list', 'create-experiment-form'])
      expect(edit.some((href) => href.includes(`/${chunk}.`))).toBe(true);
    // A new look has no related products to reorder: no drag-and-drop code on its way.
    await openApp(page, '/looks/new');
    const created = await preloads();
    expect(created.some((href) => href.includes('/look-new.'))).toBe(true);
    expect(created.some((href) => href.includes('/related-items-list.'))).toBe(false);
  });

  test("a page's messages are a JSON file, preloaded with its chunk and fetched once (scripts/build/messageAssets.ts)", async ({
    page,
  }) => {
    const messages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/i18n/')) messages.push(new URL(request.url()).pathname);
    });
    await openApp(page, '/looks?locale=de');
    await expect(page.getByRole('heading', { name: 'Looks', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Look erstellen' })).toBeVisible();
    const preloaded = await page
      .locator('link[rel=preload][as=fetch]')
      .evaluateAll((links) =>
        links.map((l) => [new URL((l as HTMLLinkElement).href).pathname, (l as HTMLLinkElement).crossOrigin]),
      );
    expect(preloaded).toEqual([[expect.stringMatching(/^\/assets\/i18n\/en-looks\.[0-9a-f]{12}\.json$/), 'anonymous']]);
    // English (every language falls back to it) and German, each once: the preload is the fetch's.
    expect(messages.sort()).toEqual([
      expect.stringMatching(/^\/assets\/i18n\/de-looks\.[0-9a-f]{12}\.json$/),
      preloaded[0][0],
    ]);
    // No webpack chunk of messages any more (Polaris' own strings of a language still are one).
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /i18n-(en|de)-/.test(n)),
    );
    expect(scripts).toEqual([]);
  });

  test('unknown routes show the not-found page', async ({ page }) => {
    await openApp(page, '/nope');
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    await openApp(page, '/notFound');
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  });

  test('exitiframe refuses a foreign host with the exact warning', async ({ page }) => {
    await openApp(page, '/exitiframe?redirectUri=https://evil.example');
    await expect(
      page.getByText(
        'Redirecting outside of Shopify: Apps can only use /exitiframe to reach Shopify or the app itself.',
      ),
    ).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(page.url()).host);
  });

  test('?locale=de shows the German UI', async ({ page }) => {
    await openApp(page, '/?locale=de');
    await expect(page.locator('nav.Polaris-Navigation').getByRole('link', { name: 'Einstellungen' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('navigation is hidden on plans during onboarding', async ({ page }) => {
    await openApp(page, '/billing/plans?onboarding=1');
    await expect(page.locator('nav.Polaris-Navigation')).toHaveCount(0);
    await openApp(page, '/billing/plans');
    await expect(page.locator('nav.Polaris-Navigation')).toBeVisible();
  });

  test('on a phone the menu opens from the top bar toggle', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, '/');
    const settings = page.locator('nav.Polaris-Navigation').getByRole('link', { name: 'Settings', exact: true });
    await expect(settings).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(settings).toBeInViewport();
    await settings.click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});
