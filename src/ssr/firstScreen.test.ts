import { baseApi } from '../api/baseApi';
import { makeStore } from '../app/store';
import { createFakeHost } from '../test/fakeHost';
import { FIRST_SCREEN_ELEMENT_ID, readFirstScreen, scriptJson } from './firstScreen';
import { firstScreenData, upsertFirstScreen } from './firstScreenState';
import { looksApi } from '../features/looks/looksApi';
import { shopApi } from '../features/shop';

describe('the first screen handed from the server to the browser', () => {
  const fulfilled = {
    status: 'fulfilled',
    endpointName: 'getShopDetails',
    requestId: 'a',
    originalArgs: undefined,
    data: { shopDomain: 'x.myshopify.com' },
    startedTimeStamp: 1,
    fulfilledTimeStamp: 2,
  };
  const pending = {
    status: 'pending',
    endpointName: 'getLooks',
    requestId: 'b',
    originalArgs: { page: 1 },
    startedTimeStamp: 1,
  };

  function stateWith(queries: Record<string, unknown>) {
    const state = makeStore(createFakeHost()).getState();
    return { ...state, [baseApi.reducerPath]: { ...state[baseApi.reducerPath], queries } } as typeof state;
  }

  it('carries answered calls only: a pending one would never be asked again in the browser', () => {
    const data = firstScreenData(
      stateWith({ 'getShopDetails(undefined)': fulfilled, 'getLooks({"page":1})': pending }),
      'de',
    );
    expect(data).toEqual({
      locale: 'de',
      entries: [{ endpointName: 'getShopDetails', arg: undefined, value: fulfilled.data }],
    });
  });

  it('puts them into the browser cache with their tags, so a save that invalidates them asks again', () => {
    const store = makeStore(createFakeHost());
    const left = upsertFirstScreen(store, {
      locale: 'en',
      entries: [
        { endpointName: 'getShopDetails', arg: undefined, value: fulfilled.data },
        { endpointName: 'notInjectedYet', arg: 1, value: 2 },
      ],
    });
    expect(shopApi.endpoints.getShopDetails.select()(store.getState())).toMatchObject({
      status: 'fulfilled',
      data: fulfilled.data,
    });
    expect(left.entries).toEqual([{ endpointName: 'notInjectedYet', arg: 1, value: 2 }]);
    const provided = JSON.stringify(store.getState()[baseApi.reducerPath].provided);
    expect(provided).toContain('getShopDetails(undefined)');
  });

  it('upserts a page endpoint with its arguments', () => {
    const store = makeStore(createFakeHost());
    const page = { data: [], total: 0, page: 1, limit: 10 };
    upsertFirstScreen(store, {
      locale: 'en',
      entries: [{ endpointName: 'getLooks', arg: { page: 1, query: '' }, value: page }],
    });
    expect(looksApi.endpoints.getLooks.select({ page: 1, query: '' })(store.getState()).data).toEqual(page);
  });

  it('writes JSON that cannot end its script element, and reads it back', () => {
    const value = {
      locale: 'en',
      entries: [{ endpointName: 'x', arg: null, value: '</script><script>alert(1)</script><!-- \u2028' }],
    };
    const json = scriptJson(value);
    expect(json).not.toMatch(/<\/?script|<!--/i);
    document.body.innerHTML = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`;
    expect(readFirstScreen(document)).toEqual(value);
  });

  it('reads nothing from a page without it or with something else in it', () => {
    document.body.innerHTML = '';
    expect(readFirstScreen(document)).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">{not json</script>`;
    expect(readFirstScreen(document)).toBeUndefined();
    document.body.innerHTML = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">{"locale":"en"}</script>`;
    expect(readFirstScreen(document)).toBeUndefined();
  });
});
