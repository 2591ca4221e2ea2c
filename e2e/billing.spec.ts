import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';
import { pickProducts } from './picker';

const API = '/admin/api/v1';

/** A session token for the demo shop, as the standalone host gets it. */
async function authHeaders(request: APIRequestContext) {
  const res = await request.get('/api/dev/session-token');
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

/**
 * Creates an active look through the looks API (the looks UI is built in
 * parallel; the API is the contract it uses): a copy of a seeded draft look.
 */
async function createActiveLook(request: APIRequestContext) {
  const headers = await authHeaders(request);
  const source = await (await request.get(`${API}/productLooks/2`, { headers })).json();
  const { id: _id, title: _title, ...values } = source.look;
  return request.post(`${API}/productLooks`, { headers, data: { ...values, active: true } });
}

/** Sets a seeded look active through the looks API. */
async function activateLook(request: APIRequestContext, id: number) {
  const headers = await authHeaders(request);
  const { look } = await (await request.get(`${API}/productLooks/${id}`, { headers })).json();
  const { id: _id, title: _title, ...values } = look;
  return request.patch(`${API}/productLooks/${id}`, { headers, data: { ...values, active: true } });
}

async function activeLookTitles(request: APIRequestContext): Promise<string[]> {
  const headers = await authHeaders(request);
  const page = await (await request.get(`${API}/productLooks?page=1&limit=50`, { headers })).json();
  return page.data.filter((l: { active: boolean }) => l.active).map((l: { title: string }) => l.title);
}

const card = (page: Page, plan: string) => page.locator(`[data-plan="${plan}"]`);

test.describe('billing', () => {
  test('discount, subscribe monthly through the confirmation page, use the paid limit, downgrade', async ({
    page,
    request,
  }) => {
    // A long flow through three documents (app, confirmation page, app): room for a loaded machine.
    test.setTimeout(120_000);
    // The free plan allows one active look, and the demo leaves it free: the first is taken, a second refused.
    expect(await activeLookTitles(request)).toEqual([]);
    expect((await activateLook(request, 1)).status()).toBe(200);
    expect((await createActiveLook(request)).status()).toBe(403);

    await openApp(page, '/billing/plans?discountCode=WELCOME20');
    await expect(page.getByText('Discount code WELCOME20 applied: 20% off the monthly plan.')).toBeVisible();
    await expect(page.getByTestId('price-monthly')).toHaveText('$7.98');
    await expect(page.getByTestId('crossed-monthly')).toHaveText('$9.97');
    await expect(card(page, 'free').getByRole('button', { name: 'Current plan' })).toBeDisabled();

    // Toggle the periods.
    await page.getByRole('group', { name: 'Billing period' }).getByRole('button', { name: 'Yearly' }).click();
    await expect(page.getByTestId('price-yearly')).toHaveText('$95.71');
    await expect(page.getByTestId('crossed-yearly')).toHaveText('$119.64');
    await expect(card(page, 'yearly').getByText('Save 20%')).toBeVisible();
    await page.getByRole('group', { name: 'Billing period' }).getByRole('button', { name: 'Lifetime' }).click();
    await expect(page.getByTestId('price-lifetime')).toHaveText('$199.00');
    await page.getByRole('group', { name: 'Billing period' }).getByRole('button', { name: 'Monthly' }).click();

    // Remove the code from the link and apply one by hand: a wrong one first.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(page.getByTestId('price-monthly')).toHaveText('$9.97');
    await expect(page.getByTestId('crossed-monthly')).toHaveText('$12.96');
    await page.getByRole('button', { name: 'Have a discount code?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Discount code').fill('NOT-A-CODE');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('This discount code is not valid.')).toBeVisible();
    await dialog.getByLabel('Discount code').fill('welcome20');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('price-monthly')).toHaveText('$7.98');

    // FAQ shows the price per 30 days.
    await page.getByRole('button', { name: 'How much does the monthly plan cost?' }).click();
    await expect(page.getByText('The monthly plan costs $9.97 per 30 days', { exact: false })).toBeVisible();

    // Subscribe: the top window goes to the confirmation page.
    await page.getByRole('button', { name: 'Start 7-day free trial' }).click();
    await expect(page).toHaveURL(/\/charges\/\d+\/confirm\?token=/);
    await expect(page.getByRole('heading', { name: 'Approve Shoppable Looks Monthly' })).toBeVisible();
    await expect(page.getByText('$7.98')).toBeVisible();
    await expect(page.getByText('Free trial for 7 days', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();

    // Back in the app on the paid plan.
    await expect(page).toHaveURL(/\/billing\/plans$/);
    await expect(page.getByText("You're now on the Monthly plan.")).toBeVisible();
    await expect(card(page, 'monthly').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(card(page, 'monthly').getByText('20% off')).toBeVisible();

    // The paid plan lifts the cap: a second ACTIVE look is created in the look form.
    const newTitle = 'Wrap Dress — Coral';
    await page.goto('/looks/new');
    await page.getByRole('button', { name: 'Select main product' }).click();
    await pickProducts(page, [newTitle], { search: 'Search products', select: 'Select 1 product' });
    await page.getByRole('button', { name: 'Add products' }).click();
    await pickProducts(page, ['Straw Hat — Natural'], { search: 'Search products', select: 'Select 1 product' });
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Look created')).toBeVisible();
    await expect(page).toHaveURL(/\/looks\/edit\/\d+$/);
    expect((await activeLookTitles(request)).sort()).toEqual(['Summer in the City', newTitle].sort());
    await openApp(page, '/billing/plans');

    // Downgrade: consequences name the look that goes to draft; confirm in the modal.
    await card(page, 'free').getByRole('link', { name: 'Downgrade to free' }).click();
    await expect(page).toHaveURL(/\/billing\/downgrade$/);
    await expect(page.getByText("You're about to leave the Monthly plan")).toBeVisible();
    await expect(page.getByText('This look will be set to draft (it is kept):')).toBeVisible();
    await expect(page.getByText('Summer in the City')).toBeVisible();
    await expect(
      page.getByText("Your 20% discount (WELCOME20) ends and won't apply if you subscribe again."),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Downgrade to free' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText('Downgrade to the free plan?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Downgrade' }).click();
    // The toast (the closing dialog may still announce the same words for a moment).
    await expect(page.locator('.Polaris-Frame-Toast').getByText('Changes saved')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The limit is back: one active look (the most recently updated), no second one.
    expect(await activeLookTitles(request)).toEqual([newTitle]);
    expect((await createActiveLook(request)).status()).toBe(403);
    await openApp(page, '/billing/plans');
    await expect(card(page, 'free').getByRole('button', { name: 'Current plan' })).toBeDisabled();
  });

  test('period from the query, invalid query code ignored, declined charge keeps the plan', async ({ page }) => {
    await openApp(page, '/billing/plans?period=lifetime&discount=BOGUS');
    await expect(page.getByTestId('price-lifetime')).toHaveText('$199.00');
    await expect(page.getByText(/applied/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Buy lifetime access' }).click();
    await expect(page).toHaveURL(/\/charges\/\d+\/confirm/);
    await expect(page.getByText('one-time charge')).toBeVisible();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/billing\/plans$/);
    await expect(page.getByText('The charge was not approved')).toBeVisible();
    await expect(card(page, 'free').getByRole('button', { name: 'Current plan' })).toBeDisabled();
  });
});
