import AxeBuilder from '@axe-core/playwright';
import { test, expect, openApp } from './fixtures';
import { ADMIN_ROUTES, ensureGeneration, settled } from './routes';

/** Every screen, on a desktop and on a phone: no serious or critical axe (WCAG) violations. */
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.describe('accessibility (axe)', () => {
  test.beforeEach(async ({ request }) => {
    await ensureGeneration(request);
  });

  for (const viewport of VIEWPORTS) {
    for (const route of ADMIN_ROUTES) {
      test(`${route} on a ${viewport.name}: no serious or critical violations`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await openApp(page, route);
        await settled(page);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
        expect(serious).toEqual([]);
      });
    }
  }
});
