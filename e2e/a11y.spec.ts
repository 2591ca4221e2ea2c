import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';
import { ADMIN_ROUTES, ensureGeneration, settled } from './routes';

/** Every screen, on a desktop and on a phone: no serious or critical axe (WCAG) violations. */
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

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
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
});

/** What is open on top of a screen (a toast, a dialog, a popover, a listbox) is checked too: no serious or critical violations. */
test.describe('accessibility of open states (axe)', () => {
  for (const viewport of VIEWPORTS) {
    test(`a toast, the discount dialog, the date range pane and the look search's results on a ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });

      // A toast (its close button is named).
      await openApp(page, '/settings');
      await settled(page);
      await page.getByLabel('Variant label').fill('Variant');
      await page.getByLabel('Variant label').fill('Variante');
      await page.getByRole('button', { name: 'Save' }).first().click();
      await expect(page.locator('.Polaris-Frame-Toast')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Variant label').fill('Variant');
      await page.getByRole('button', { name: 'Save' }).first().click();

      // The discount code dialog.
      await openApp(page, '/billing/plans');
      await settled(page);
      // Opened from the keyboard: Escape brings focus back to the button.
      await page.getByRole('button', { name: 'Have a discount code?' }).focus();
      await page.keyboard.press('Enter');
      // (On a phone Polaris' dialog box itself has no size: its field is what shows.)
      await expect(page.getByRole('dialog').getByLabel('Discount code')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Have a discount code?' })).toBeFocused();

      // The date range pane, opened from the keyboard (focus moves into it).
      await openApp(page, '/analytics');
      await settled(page);
      await page.getByRole('button', { name: /^Date range:/ }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('date-range-popover')).toBeVisible();
      await expect(page.getByTestId('date-range-popover').locator(':focus')).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: /^Date range:/ })).toBeFocused();

      // The look search's results (a combobox's listbox).
      await openApp(page, '/gallery/new');
      await settled(page);
      await page.getByRole('combobox', { name: 'Look', exact: true }).fill('Summer');
      await expect(page.getByRole('option', { name: 'Summer in the City' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
