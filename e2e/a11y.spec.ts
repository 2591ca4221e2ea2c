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

/**
 * What is open on top of a screen (a toast, a dialog, a popover, a listbox) is checked too: no serious
 * or critical violations. One test each: an axe run takes seconds on a busy machine, four in one test
 * came close to its time limit.
 */
const OPEN_STATES: Array<{ name: string; open(page: Page): Promise<void>; after?(page: Page): Promise<void> }> = [
  {
    name: 'a toast',
    // Its close button is named.
    async open(page) {
      await openApp(page, '/settings');
      await settled(page);
      // A change to save (from whatever the label is: a retry finds the last run's).
      const label = page.getByLabel('Variant label');
      await label.fill((await label.inputValue()) === 'Variante' ? 'Variant' : 'Variante');
      await page.getByRole('button', { name: 'Save' }).first().click();
      await expect(page.locator('.Polaris-Frame-Toast')).toBeVisible();
    },
  },
  {
    name: 'the discount code dialog',
    // Opened from the keyboard: Escape brings focus back to the button.
    async open(page) {
      await openApp(page, '/billing/plans');
      await settled(page);
      await page.getByRole('button', { name: 'Have a discount code?' }).focus();
      await page.keyboard.press('Enter');
      // (On a phone Polaris' dialog box itself has no size: its field is what shows.)
      await expect(page.getByRole('dialog').getByLabel('Discount code')).toBeVisible();
    },
    async after(page) {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Have a discount code?' })).toBeFocused();
    },
  },
  {
    name: 'the date range pane',
    // Opened from the keyboard: focus moves into it, Escape brings it back.
    async open(page) {
      await openApp(page, '/analytics');
      await settled(page);
      await page.getByRole('button', { name: /^Date range:/ }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('date-range-popover')).toBeVisible();
      await expect(page.getByTestId('date-range-popover').locator(':focus')).toHaveCount(1);
    },
    async after(page) {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: /^Date range:/ })).toBeFocused();
    },
  },
  {
    name: "the look search's results",
    // A combobox's listbox.
    async open(page) {
      await openApp(page, '/gallery/new');
      await settled(page);
      await page.getByRole('combobox', { name: 'Look', exact: true }).fill('Summer');
      await expect(page.getByRole('option', { name: 'Summer in the City' })).toBeVisible();
    },
  },
];

test.describe('accessibility of open states (axe)', () => {
  for (const viewport of VIEWPORTS) {
    for (const state of OPEN_STATES) {
      test(`${state.name} on a ${viewport.name}`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await state.open(page);
        expect(await seriousViolations(page)).toEqual([]);
        await state.after?.(page);
      });
    }
  }
});
