import { test, expect, openApp } from './fixtures';
import type { Page } from '@playwright/test';
import { ADMIN_ROUTES } from './routes';

/**
 * Admin pages arrive rendered by the server (server/ssr, src/ssr): they paint
 * before any script runs, and the browser then takes that HTML over
 * (hydrates) instead of rendering the page again.
 */
const PAGES: { path: string; heading: string; content?: string }[] = [
  { path: '/', heading: 'Dashboard', content: '2 of 3 tasks completed' },
  { path: '/looks', heading: 'Looks', content: 'Autumn Layers' },
  { path: '/analytics', heading: 'Analytics', content: 'Total orders generated' },
  { path: '/looks/new', heading: 'Create look', content: 'Main product' },
  { path: '/gallery', heading: 'Gallery', content: 'Flat lay' },
  // Their calls are prefetched too (PlansPage's and LayoutPage's `prefetch`): the plans and the saved settings.
  { path: '/billing/plans', heading: 'Plans', content: 'Monthly' },
  { path: '/layout', heading: 'Layout', content: 'Widget settings' },
  // Settings' own calls are the browser's (a form): the server renders the frame and the page's skeleton.
  { path: '/settings', heading: 'Settings' },
];

/**
 * The Suspense boundaries a first screen is hydrated in, at least (src/components/HydrationBoundary.tsx):
 * the frame and the page on every route, and the parts of the pages whose hydration was one long task
 * (the look form's sections, the layout's preview, the plans and their questions, the analytics funnel
 * and orders table). React writes a boundary the server rendered as `<!--$-->…<!--/$-->`.
 */
const BOUNDARIES: Record<string, number> = {
  '/': 2,
  '/looks': 2,
  '/analytics': 4,
  '/looks/new': 5,
  '/gallery': 2,
  '/billing/plans': 5,
  '/layout': 4,
  '/settings': 2,
};

/** Records, before any script of the page runs, whether #root's content was ever replaced. */
async function watchRoot(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __rootReplaced: number; __hydrationWarnings: string[] };
    w.__rootReplaced = 0;
    w.__hydrationWarnings = [];
    const warn = console.warn.bind(console);
    console.warn = (...args: unknown[]) => {
      if (String(args[0]).includes('server-rendered')) w.__hydrationWarnings.push(String(args[0]));
      warn(...args);
    };
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      new MutationObserver((records) => {
        if (records.some((r) => r.removedNodes.length > 0)) w.__rootReplaced++;
      }).observe(root, { childList: true });
    });
  });
}

test.describe('pages rendered on the server', () => {
  // Every route has its frame and its page (or the page's skeleton, where its calls are the browser's) in the
  // HTML: react-router's static handler and StaticRouterProvider (src/ssr/renderFirstScreen.tsx).
  for (const path of ADMIN_ROUTES.filter((route) => !PAGES.some((p) => p.path === route))) {
    test(`${path}: the server renders its route (JavaScript off)`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const off = await context.newPage();
      await off.goto(path);
      await expect(off.locator('#AppFrameMain')).toBeVisible();
      await expect(off.locator('#AppFrameMain h1').first()).toBeVisible();
      await context.close();
    });
  }

  for (const { path, heading, content } of PAGES) {
    test(`${path}: its first screen is in the HTML (JavaScript off)`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (content) await expect(page.getByText(content).first()).toBeVisible();
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Looks' })).toBeVisible();
      await context.close();
    });

    test(`${path}: the browser takes the server's page over without rendering it again`, async ({ page }) => {
      await watchRoot(page);
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { replaced, warnings } = await page.evaluate(() => {
        const w = window as unknown as { __rootReplaced: number; __hydrationWarnings: string[] };
        return { replaced: w.__rootReplaced, warnings: w.__hydrationWarnings };
      });
      expect(warnings).toEqual([]);
      expect(replaced).toBe(0);
    });
  }

  test('each first screen is hydrated in parts: its Suspense boundaries are in the HTML', async ({ request }) => {
    for (const [path, count] of Object.entries(BOUNDARIES)) {
      const html = await (await request.get(path)).text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root.split('<!--$-->').length - 1, path).toBeGreaterThanOrEqual(count);
    }
  });

  test('the taken-over page works: search filters the looks, the navigation moves in the app', async ({ page }) => {
    await openApp(page, '/looks');
    await page.getByPlaceholder('Search by title or tag').fill('evening');
    await expect(page.getByText('Evening Out')).toBeVisible();
    await expect(page.getByText('Autumn Layers')).toHaveCount(0);
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    expect(documents).toEqual([]); // a client-side navigation, no new page load
  });

  test('a button clicked before the app has taken over is clicked again once it has', async ({ page }) => {
    // The app's entry script arrives late: the page is on screen, its buttons not yet live.
    let releaseScript: () => void = () => undefined;
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/\/assets\/main\.[0-9a-f]+\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto('/looks/new');
    await page.getByRole('button', { name: 'Select main product' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    releaseScript();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByPlaceholder('Search products')).toBeVisible();
  });

  test('in the language of the URL', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/looks?locale=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('button', { name: 'Look erstellen' }).or(page.getByRole('link', { name: 'Look erstellen' })),
    ).toBeVisible();
    await context.close();
  });

  test('a merchant who hid the setup guide gets the page rendered by the browser, guide hidden, no warning', async ({
    page,
  }) => {
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Hide guide' }).click();
    await expect(page.getByRole('heading', { name: 'Setup guide' })).toHaveCount(0);
    await watchRoot(page);
    await openApp(page, '/');
    await expect(page.getByText('Total orders generated')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Setup guide' })).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { __hydrationWarnings: string[] }).__hydrationWarnings),
    ).toEqual([]);
  });
});
