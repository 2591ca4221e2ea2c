import { test, expect, openApp } from './imageProviderStandIn';

/**
 * A provider error (IMAGE_PROVIDER=openai against its stand-in) fails the generation with a message
 * that names what happened, and the credit comes back: the balance is the same as before.
 */
test.describe.configure({ mode: 'serial' });
// A server start, provider calls and (here) several page loads on a shared, busy machine.
test.setTimeout(120_000);

async function generate(page: import('@playwright/test').Page, prompt: string) {
  await openApp(page, '/gallery/new');
  await page.getByLabel('Look', { exact: true }).fill('Evening');
  await page.getByTestId('look-search-results').getByText('Evening Out').click();
  await page.getByLabel('Flat lay').check({ force: true });
  await page.getByLabel('Custom prompt (optional)').fill(prompt);
  await page.getByRole('button', { name: 'Generate image' }).click();
  await expect(page).toHaveURL(/\/gallery\/edit\/\d+$/);
  return page.getByTestId('generation-status');
}

test('a content-policy refusal: named as such, credit refunded', async ({ page, provider }) => {
  await openApp(page, '/gallery/new');
  await page.getByRole('button', { name: 'Claim free credits' }).click();
  await expect(page.locator('#credits-remaining')).toHaveText('5');
  const status = await generate(page, 'sheer fabric [standin:policy]');
  await expect(status.getByRole('heading', { name: 'Generation failed' })).toBeVisible({ timeout: 30_000 });
  await expect(status).toContainText(
    "The image provider refused this request under its content policy. Change the custom prompt or the look's products; your credit was refunded.",
  );
  await expect(page.locator('#credits-remaining')).toHaveText('5');
  await page.screenshot({ path: test.info().outputPath('policy-failure.png') });
  expect(provider.standIn.requests.filter((r) => r.path === '/v1/images/edits').map((r) => r.status)).toEqual([400]);
});

test('busy after the retries: "try again", credit refunded', async ({ page, provider }) => {
  const status = await generate(page, 'evening light [standin:busy]');
  await expect(status.getByRole('heading', { name: 'Generation failed' })).toBeVisible({ timeout: 30_000 });
  await expect(status).toContainText(
    'The image provider is busy right now. Try again in a few minutes; your credit was refunded.',
  );
  await expect(page.locator('#credits-remaining')).toHaveText('5');
  // Retried once (IMAGE_PROVIDER_RETRIES=1), then given up.
  expect(provider.standIn.requests.filter((r) => r.path === '/v1/images/edits').map((r) => r.status)).toEqual([
    400, 429, 429,
  ]);
  await page.goto('/gallery');
  await expect(page.getByRole('row', { name: /Evening Out/ }).getByText('Failed')).toHaveCount(2);
});
