import { held, mockBackend, ok, pending } from '../test/fakeBackend';
import { createFakeHost } from '../test/fakeHost';
import { TEST_SHOP } from '../test/renderWithProviders';
import { lookListItem, onboardingData, pageOf, statsData } from '../test/fixtures';
import { looksApi } from '../features/looks/looksApi';
import { FIRST_LOOKS_PAGE } from '../features/looks/list/LooksTable';
import { analyticsApi } from '../features/analytics';
import { hideOnboarding } from '../features/onboarding';
import { shopApi } from '../features/shop';
import { billingApi } from '../features/billing/billingApi';
import { plansData } from '../features/billing/testData';
import { layoutApi } from '../features/layout';
import { DEFAULT_LAYOUT_SETTINGS } from '../contracts/layout';
import { loadedLocaleBundle } from '../i18n/messages';
import { rehydrated, startFirstScreen } from './boot';
import { makePersistor, makeStore } from './store';

describe('startFirstScreen', () => {
  it('starts the shop call, the page chunk and the messages at once; resolves when all are there', async () => {
    const shop = held<ReturnType<typeof ok<typeof TEST_SHOP>>>();
    const backend = mockBackend({ 'GET /shop/details': () => shop.answer });
    const store = makeStore(createFakeHost());
    let done = false;
    const first = startFirstScreen(store, { pathname: '/', locale: 'fr' }, 10_000).then(() => (done = true));

    await new Promise((r) => setTimeout(r, 50));
    expect(backend.callsTo('GET /shop/details')).toHaveLength(1); // before any render asked for it
    expect(done).toBe(false); // the shop is still on its way

    shop.release(ok(TEST_SHOP));
    await first;
    expect(shopApi.endpoints.getShopDetails.select()(store.getState()).data).toEqual(TEST_SHOP);
    expect(loadedLocaleBundle('fr', 'dashboard')?.messages['Navigation.settings']).toBeDefined();
  });

  it('does not wait longer than the cap when something hangs (the frame shows with a skeleton)', async () => {
    mockBackend({ 'GET /shop/details': () => pending() });
    const store = makeStore(createFakeHost());
    const started = Date.now();
    await startFirstScreen(store, { pathname: '/looks', locale: 'en' }, 100);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('resolves when the shop call fails (the shop provider shows the error with a retry)', async () => {
    mockBackend({ 'GET /shop/details': { status: 500, body: { message: 'down' } } });
    const store = makeStore(createFakeHost());
    await startFirstScreen(store, { pathname: '/', locale: 'en' }, 10_000);
    expect(shopApi.endpoints.getShopDetails.select()(store.getState()).isError).toBe(true);
  });
});

describe('page prefetch on boot', () => {
  beforeEach(() => localStorage.clear());

  it('/looks: the first list page is asked with the shop call and is in the store for the first render', async () => {
    const backend = mockBackend({
      'GET /shop/details': ok(TEST_SHOP),
      'GET /productLooks': ok(pageOf([lookListItem(1)])),
    });
    const store = makeStore(createFakeHost());
    await startFirstScreen(store, { pathname: '/looks', locale: 'en' }, 10_000);
    expect(backend.callsTo('GET /productLooks')).toHaveLength(1);
    expect(looksApi.endpoints.getLooks.select(FIRST_LOOKS_PAGE)(store.getState()).isSuccess).toBe(true);
  });

  it('/: totals and the setup guide, but not the guide once the merchant hid it', async () => {
    const backend = mockBackend({
      'GET /shop/details': ok(TEST_SHOP),
      'GET /stats': ok(statsData({ looksCount: 3 })),
      'GET /shop/onboarding': ok(onboardingData()),
    });
    const store = makeStore(createFakeHost());
    const persistor = makePersistor(store);
    await startFirstScreen(store, { pathname: '/', locale: 'en', persistor }, 10_000);
    expect(analyticsApi.endpoints.getStats.select({ lite: true })(store.getState()).data?.looksCount).toBe(3);
    expect(backend.callsTo('GET /shop/onboarding')).toHaveLength(1);

    store.dispatch(hideOnboarding());
    await persistor.flush();
    const next = makeStore(createFakeHost());
    await startFirstScreen(next, { pathname: '/', locale: 'en', persistor: makePersistor(next) }, 10_000);
    expect(backend.callsTo('GET /stats')).toHaveLength(2);
    expect(backend.callsTo('GET /shop/onboarding')).toHaveLength(1);
  });
});

describe('page prefetch on boot: the pages rendered on the server from their calls', () => {
  it("/billing/plans: the plans in the shop's language, or the URL's when it names one (the page's own argument)", async () => {
    const backend = mockBackend({
      'GET /shop/details': ok({ ...TEST_SHOP, locale: 'de' as const }),
      'GET /shop/billing-plans': ok(plansData()),
    });
    const store = makeStore(createFakeHost());
    await startFirstScreen(store, { pathname: '/billing/plans', locale: 'de' }, 10_000);
    expect(backend.callsTo('GET /shop/billing-plans').map((call) => call.params.get('locale'))).toEqual(['de']);
    expect(billingApi.endpoints.getBillingPlans.select({ locale: 'de' })(store.getState()).isSuccess).toBe(true);

    const fromUrl = makeStore(createFakeHost(), undefined, { locale: 'fr' });
    await startFirstScreen(fromUrl, { pathname: '/billing/plans', locale: 'fr' }, 10_000);
    expect(billingApi.endpoints.getBillingPlans.select({ locale: 'fr' })(fromUrl.getState()).isSuccess).toBe(true);
  });

  it('/billing/plans: nothing asked when the shop could not be loaded (the page asks, and shows the error)', async () => {
    const backend = mockBackend({
      'GET /shop/details': { status: 500, body: { message: 'down' } },
      'GET /shop/billing-plans': ok(plansData()),
    });
    await startFirstScreen(makeStore(createFakeHost()), { pathname: '/billing/plans', locale: 'en' }, 10_000);
    expect(backend.callsTo('GET /shop/billing-plans')).toHaveLength(0);
  });

  it('/layout: the saved settings', async () => {
    mockBackend({ 'GET /shop/details': ok(TEST_SHOP), 'GET /layout': ok(DEFAULT_LAYOUT_SETTINGS) });
    const store = makeStore(createFakeHost());
    await startFirstScreen(store, { pathname: '/layout', locale: 'en' }, 10_000);
    expect(layoutApi.endpoints.getLayout.select()(store.getState()).data).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });
});

describe('rehydrated', () => {
  it('resolves once the persisted UI state is read back (the app then renders without a PersistGate)', async () => {
    localStorage.setItem(
      'hide_onboarding',
      JSON.stringify({ hidden: 'true', _persist: JSON.stringify({ version: 1, rehydrated: true }) }),
    );
    const store = makeStore(createFakeHost());
    const persistor = makePersistor(store);
    await rehydrated(persistor);
    expect(persistor.getState().bootstrapped).toBe(true);
    await rehydrated(persistor); // already there: at once
  });
});
