import { makeStore } from '../../app/store';
import { createFakeHost } from '../../test/fakeHost';
import { fail, held, mockBackend, noContent, ok, type Answer } from '../../test/fakeBackend';
import { lookDetail, lookListItem, pageOf, storedLook } from '../../test/fixtures';
import { toFormValues, type LookUpdateResponse } from '../../contracts/looks';
import { looksApi, type LooksQuery } from './looksApi';

const LIST: LooksQuery = { page: 1, query: '' };
const SEARCH: LooksQuery = { page: 1, query: 'summer', limit: 50 };

/** A store with two cached list entries (the list and a gallery search) and the look entry of look 1. */
async function cachedStore() {
  const store = makeStore(createFakeHost());
  await store.dispatch(looksApi.endpoints.getLooks.initiate(LIST));
  await store.dispatch(looksApi.endpoints.getLooks.initiate(SEARCH));
  await store.dispatch(looksApi.endpoints.getLook.initiate('1'));
  const read = () => {
    const state = store.getState();
    const list = looksApi.endpoints.getLooks.select(LIST)(state).data!;
    const search = looksApi.endpoints.getLooks.select(SEARCH)(state).data!;
    const detail = looksApi.endpoints.getLook.select('1')(state).data!;
    return {
      active: [list.entities[1]?.active, search.entities[1]?.active, detail.look.active],
      featured: detail.look.featured,
      ids: [list.ids, search.ids],
      totals: [list.paginationDetails.totalItems, search.paginationDetails.totalItems],
    };
  };
  return { store, read };
}

function backend() {
  const gate = held<Answer<LookUpdateResponse>>();
  const deleteGate = held<Answer<void>>();
  const api = mockBackend({
    'GET /productLooks': ok(pageOf([lookListItem(1, { active: true }), lookListItem(2)])),
    'GET /productLooks/:id': ok(lookDetail(storedLook({ id: 1, active: true, featured: false }))),
    'PATCH /productLooks/:id': () => gate.answer,
    'DELETE /productLooks/:id': () => deleteGate.answer,
  });
  return { api, gate, deleteGate };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('optimistic look updates (every cached list page, search and the look entry)', () => {
  it('flags show at once everywhere; a success keeps them and sends the whole look with the flags', async () => {
    const { api, gate } = backend();
    const { store, read } = await cachedStore();
    const done = store.dispatch(
      looksApi.endpoints.setLookFlags.initiate({ id: 1, flags: { active: false, featured: true } }),
    );
    expect(read()).toMatchObject({ active: [false, false, false], featured: true });
    while (api.callsTo('PATCH /productLooks/:id').length === 0) await tick();
    expect(api.callsTo('PATCH /productLooks/:id')[0].body).toMatchObject({
      active: false,
      featured: true,
      tags: 'summer,city',
    });
    gate.release(ok(lookDetail(storedLook({ id: 1, active: false, featured: true }))));
    await done;
    expect(read()).toMatchObject({ active: [false, false, false], featured: true });
  });

  it('a look save puts the answer into the look entry and refetches the lists, not the look (no wasted GET)', async () => {
    const { api, gate } = backend();
    const { store, read } = await cachedStore();
    const lookGets = api.callsTo('GET /productLooks/:id').length;
    const listGets = api.callsTo('GET /productLooks').length;
    const values = toFormValues(storedLook({ id: 1, active: true, featured: false }));
    const done = store.dispatch(
      looksApi.endpoints.updateLook.initiate({ id: '1', values: { ...values, featured: true } }),
    );
    gate.release(ok(lookDetail(storedLook({ id: 1, active: true, featured: true }))));
    await done;
    while (api.callsTo('GET /productLooks').length < listGets + 2) await tick();
    await tick();
    expect(read().featured).toBe(true);
    expect(api.callsTo('GET /productLooks/:id')).toHaveLength(lookGets);
  });

  it('a failing server rolls every entry back', async () => {
    const { gate } = backend();
    const { store, read } = await cachedStore();
    const done = store.dispatch(
      looksApi.endpoints.setLookFlags.initiate({ id: 1, flags: { active: false, featured: true } }),
    );
    expect(read()).toMatchObject({ active: [false, false, false], featured: true });
    gate.release(fail(500, 'boom'));
    expect((await done).error).toMatchObject({ status: 500 });
    expect(read()).toMatchObject({ active: [true, true, true], featured: false });
  });

  it('a look that cannot be read is not saved and rolls back', async () => {
    const { api } = backend();
    const { store, read } = await cachedStore();
    api.use({ 'GET /productLooks/:id': fail(404, 'Look not found') });
    const result = await store.dispatch(looksApi.endpoints.setLookFlags.initiate({ id: 1, flags: { active: false } }));
    expect(result.error).toMatchObject({ status: 404 });
    expect(api.callsTo('PATCH /productLooks/:id')).toHaveLength(0);
    expect(read().active).toEqual([true, true, true]);
  });

  it('a deleted look leaves every cached list page at once, and comes back when the server fails', async () => {
    const { deleteGate } = backend();
    const { store, read } = await cachedStore();
    const done = store.dispatch(looksApi.endpoints.deleteLook.initiate(1));
    expect(read()).toMatchObject({ ids: [[2], [2]], totals: [1, 1] });
    deleteGate.release(fail(500));
    await done;
    expect(read()).toMatchObject({
      ids: [
        [1, 2],
        [1, 2],
      ],
      totals: [2, 2],
    });
  });

  it('a successful delete keeps the look out', async () => {
    const { api, deleteGate } = backend();
    const { store, read } = await cachedStore();
    api.use({ 'GET /productLooks': ok(pageOf([lookListItem(2)])) });
    const done = store.dispatch(looksApi.endpoints.deleteLook.initiate(1));
    deleteGate.release(noContent());
    await done;
    expect(read().ids).toEqual([[2], [2]]);
  });
});
