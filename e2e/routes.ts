import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Every screen of the admin (SPEC §2), with the demo store's data behind the ones that need an id. */
export const ADMIN_ROUTES = [
  '/',
  '/looks',
  '/looks/new',
  '/looks/edit/1',
  '/analytics',
  '/billing/plans',
  '/billing/downgrade',
  '/booster',
  '/gallery',
  '/gallery/new',
  '/layout',
  '/layoutLegacy',
  '/settings',
  '/notFound',
] as const;

/** Waits until the screen has its data: no skeletons or loading spinners of the page left. */
export async function settled(page: Page) {
  await expect(page.locator('#AppFrameMain :is(h1, h2)').first()).toBeVisible();
  await expect(
    page.locator(
      '#AppFrameMain .Polaris-SkeletonBodyText__SkeletonBodyTextContainer, #AppFrameMain .Polaris-SkeletonPage__Page',
    ),
  ).toHaveCount(0);
  await page.waitForTimeout(300);
}

/** One image generation in the gallery, so /gallery shows its list and type tabs, not the empty state. */
export async function ensureGeneration(request: APIRequestContext) {
  const { token } = await (await request.get('/api/dev/session-token')).json();
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await request.get('/admin/api/v1/image-generations?page=1', { headers })).json();
  if (list.counts?.all > 0) return;
  await request.post('/admin/api/v1/credits/claim-free', { headers });
  const created = await request.post('/admin/api/v1/image-generation', {
    headers,
    data: { productLookId: 1, imageType: 'flat_lay' },
  });
  expect(created.status()).toBe(201);
}
