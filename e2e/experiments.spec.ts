import { test, expect, openApp } from './fixtures';
import type { Page } from '@playwright/test';

/** The A/B tests card (issue 16): the demo's running test of two layouts, a new test from a look, a phone. */
const card = (page: Page) =>
  page
    .locator('.Polaris-Card, .Polaris-ShadowBevel')
    .filter({ has: page.getByRole('heading', { name: 'A/B tests', level: 2 }) })
    .first();

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('A/B tests', () => {
  test('the seeded test of two layouts shows its result by a named method and applies the winner in one click', async ({
    page,
  }) => {
    await openApp(page, '/analytics');
    const tests = card(page);
    await expect(tests.getByText(/Method: Bayesian beta-binomial/)).toBeVisible();
    await expect(tests.getByText('Running', { exact: true })).toBeVisible();
    // The demo's looks are drafts (the free plan's one active look is left to the merchant): the test says so.
    await expect(tests.getByText('No shopper sees this test')).toBeVisible();
    await expect(tests.getByText(/^“Summer in the City” is a draft/)).toBeVisible();
    await expect(tests.getByText(/Probability to beat A: \d/)).toBeVisible();
    await expect(tests.getByText(/95% interval/)).toHaveCount(2);
    await expect(tests.getByRole('heading', { name: 'Too early to decide' })).toHaveCount(0);
    // Called at 95 %: below it the card says there is no clear winner yet and offers the leader only "anyway".
    const verdict = tests.getByText(/^(Winner: [AB], with|No clear winner yet: [AB] is ahead)/);
    await expect(verdict).toBeVisible();
    const [, winner, ahead] = /^(?:Winner: (A|B)|No clear winner yet: (A|B))/.exec(
      (await verdict.textContent()) ?? '',
    )!;
    const name = winner ?? ahead;
    const apply = tests.getByRole('button', { name: winner ? `Apply the winner (${name})` : `Apply ${name} anyway` });
    await apply.click();
    await expect(tests.getByText(`Variant ${name} was applied to the look.`)).toBeVisible();
    await expect(tests.getByText('Stopped', { exact: true })).toBeVisible();
    await expect(tests.getByText('No shopper sees this test')).toHaveCount(0);
  });

  test('a look gets a new test of another layout, started and too early to decide', async ({ page }) => {
    await openApp(page, '/looks/edit/4');
    const tests = card(page);
    await tests.getByLabel('Layout of variant B').selectOption({ label: 'One column' });
    await tests.getByLabel(/Shoppers seeing/).fill('30');
    await tests.getByRole('button', { name: 'Create A/B test' }).click();
    await expect(tests.getByText('Draft', { exact: true })).toBeVisible();
    await expect(tests.getByText('70% of shoppers')).toBeVisible();
    await expect(tests.getByText('No shopper will see this test')).toBeVisible();
    await tests.getByRole('button', { name: 'Start test' }).click();
    await expect(tests.getByText('Running', { exact: true })).toBeVisible();
    await expect(tests.getByText('No shopper sees this test')).toBeVisible();
    await expect(tests.getByRole('heading', { name: 'Too early to decide' })).toBeVisible();
    await expect(tests.getByRole('button', { name: 'Apply the winner (too early)' })).toBeDisabled();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test('the card fits 390 px on Analytics and on a look', async ({ page }) => {
      await openApp(page, '/analytics');
      await expect(
        card(page)
          .getByText(/Probability to beat A/)
          .first(),
      ).toBeVisible();
      await noSidewaysScroll(page);
      await openApp(page, '/looks/edit/1');
      await expect(card(page)).toBeVisible();
      await noSidewaysScroll(page);
    });
  });
});
