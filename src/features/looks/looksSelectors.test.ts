import { makeStore } from '../../app/store';
import { createFakeHost } from '../../test/fakeHost';
import { mockBackend, ok } from '../../test/fakeBackend';
import { lookListItem as look, pageOf } from '../../test/fixtures';
import { looksApi } from './looksApi';
import { selectLookById, selectLooks, selectLooksOfPage, selectLooksPage, selectPagination } from './looksSelectors';

describe('looks selectors', () => {
  it('normalise a fetched page with the entity adapter and read it in server order', async () => {
    mockBackend({ 'GET /productLooks': ok(pageOf([look(9, { active: true }), look(3), look(5)], { totalItems: 13 })) });
    const store = makeStore(createFakeHost());
    const args = { page: 1, query: '' };
    await store.dispatch(looksApi.endpoints.getLooks.initiate(args));
    const page = selectLooksPage(store.getState(), args);
    expect(page.ids).toEqual([9, 3, 5]);
    expect(page.entities[3]).toEqual(look(3));
    expect(selectLooks(store.getState(), args).map((l) => l.id)).toEqual([9, 3, 5]);
    expect(selectLookById(store.getState(), args, 9)?.active).toBe(true);
    expect(selectPagination(store.getState(), args)).toEqual({ nextPage: 2, previousPage: null, totalItems: 13 });
    // Memoised: same page → same array.
    expect(selectLooksOfPage(page)).toBe(selectLooksOfPage(page));
  });

  it('give an empty page before loading and for other arguments', () => {
    const store = makeStore(createFakeHost());
    expect(selectLooks(store.getState(), { page: 1, query: 'x' })).toEqual([]);
    expect(selectPagination(store.getState(), { page: 1, query: 'x' }).totalItems).toBe(0);
    expect(selectLooksOfPage(undefined)).toEqual([]);
  });

  it('sends page, limit 10 and the query', async () => {
    const { calls } = mockBackend({ 'GET /productLooks': ok(pageOf([])) });
    const store = makeStore(createFakeHost());
    await store.dispatch(looksApi.endpoints.getLooks.initiate({ page: 2, query: 'summer' }));
    expect(Object.fromEntries(calls[0].params)).toEqual({ page: '2', limit: '10', query: 'summer' });
  });
});
