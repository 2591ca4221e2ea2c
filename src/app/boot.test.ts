import { held, mockBackend, ok, pending } from '../test/fakeBackend';
import { createFakeHost } from '../test/fakeHost';
import { TEST_SHOP } from '../test/renderWithProviders';
import { shopApi } from '../features/shop';
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
    expect(loadedLocaleBundle('fr')?.messages['Navigation.settings']).toBeDefined();
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

describe('rehydrated', () => {
  it('resolves once the persisted UI state is read back (the app then renders without a PersistGate)', async () => {
    localStorage.setItem('hide_onboarding', JSON.stringify({ hidden: 'true', _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
    const store = makeStore(createFakeHost());
    const persistor = makePersistor(store);
    await rehydrated(persistor);
    expect(persistor.getState().bootstrapped).toBe(true);
    await rehydrated(persistor); // already there: at once
  });
});
