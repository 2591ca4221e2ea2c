import { test, expect, openApp } from './fixtures';
import { ADMIN_ROUTES, ensureGeneration, settled } from './routes';

/**
 * On a 390 px phone no screen needs a sideways scroll: not the page, and no table or panel inside
 * it scrolling horizontally (a cut-off table). Section headings beside cards keep the page's inset.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Elements inside the page that scroll sideways (overflow-x auto/scroll with more content than room). */
function sidewaysScrollers() {
  return [...document.querySelectorAll<HTMLElement>('#AppFrameMain *')]
    .filter(
      (el) =>
        ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) &&
        el.clientWidth > 0 &&
        el.scrollWidth > el.clientWidth + 1,
    )
    .map(
      (el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} ${el.scrollWidth}>${el.clientWidth}`,
    );
}

test.describe('phone (390 px)', () => {
  test.beforeEach(async ({ request }) => {
    await ensureGeneration(request);
  });

  for (const route of ADMIN_ROUTES) {
    test(`${route} fits the screen`, async ({ page }) => {
      await openApp(page, route);
      await settled(page);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
      expect(await page.evaluate(sidewaysScrollers), 'parts of the page scroll sideways').toEqual([]);
      // Annotated sections (booster, settings, legacy layout): headings line up with the cards' content.
      for (const box of await page
        .locator('.Polaris-Layout__Annotation h2')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left))) {
        expect(box, 'a section heading sits on the screen edge').toBeGreaterThanOrEqual(12);
      }
    });
  }

  test('the date range picker opens within the screen', async ({ page }) => {
    await openApp(page, '/analytics');
    await settled(page);
    await page.getByRole('button', { name: /Last 7 days/ }).click();
    const popover = page.getByTestId('date-range-popover');
    await expect(popover).toBeVisible();
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('looks and orders are stacked lists with every action reachable', async ({ page }) => {
    await openApp(page, '/looks');
    await settled(page);
    await expect(page.locator('#AppFrameMain table')).toHaveCount(0);
    const edit = page.getByRole('button', { name: 'Edit Summer in the City' });
    await expect(edit).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Delete Summer in the City' })).toBeInViewport();
    await openApp(page, '/analytics');
    await settled(page);
    await expect(page.getByText('Order total').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'View look' }).first()).toBeVisible();
  });
});
