import { browserHistory, createLocationStore, createMemoryLocation, memoryHistory, resolveTo, type Blocker } from './locationStore';

/** A blocker that holds every navigation to another pathname and records the held ones. */
function holdAll() {
  const held: Array<() => void> = [];
  const blocker: Blocker = {
    shouldBlock: ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
    blocked: (proceed) => held.push(proceed),
  };
  return { blocker, held };
}

describe('resolveTo', () => {
  const from = { pathname: '/looks/edit/1', search: '?tab=2' };
  it('resolves absolute and relative paths and keeps their search', () => {
    expect(resolveTo('/looks?q=a', from)).toEqual({ pathname: '/looks', search: '?q=a' });
    expect(resolveTo('2', from)).toEqual({ pathname: '/looks/edit/2', search: '' });
    expect(resolveTo('?x=1', from)).toEqual({ pathname: '/looks/edit/1', search: '?x=1' });
  });
  it('takes an object: a missing pathname stays, an empty search clears', () => {
    expect(resolveTo({ search: '' }, from)).toEqual({ pathname: '/looks/edit/1', search: '' });
    expect(resolveTo({ pathname: '/looks', search: 'a=1' }, from)).toEqual({ pathname: '/looks', search: '?a=1' });
  });
});

describe('location store in memory', () => {
  it('pushes and replaces entries and tells its subscribers', () => {
    const history = memoryHistory('/looks?q=1');
    const store = createLocationStore(history);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.location().pathname + store.location().search));
    expect(store.location()).toEqual({ pathname: '/looks', search: '?q=1' });
    store.navigate('/looks/new');
    store.navigate('/looks/edit/3', { replace: true });
    expect(seen).toEqual(['/looks/new', '/looks/edit/3']);
    expect(store.action()).toBe('replace');
    expect(history.entries.map((e) => e.pathname)).toEqual(['/looks', '/looks/edit/3']);
  });

  it('keeps the same location object until it changes (the Router state update bails out)', () => {
    const store = createMemoryLocation('/');
    expect(store.location()).toBe(store.location());
  });

  it('holds a navigation a blocker wants held, until it proceeds; a removed blocker holds nothing', () => {
    const store = createMemoryLocation('/looks/new');
    const { blocker, held } = holdAll();
    const unblock = store.block(blocker);
    store.navigate('/looks');
    expect(store.location().pathname).toBe('/looks/new');
    expect(held).toHaveLength(1);
    store.navigate('/looks/new?x=1'); // same pathname: not held
    expect(store.location().search).toBe('?x=1');
    held[0]();
    expect(store.location().pathname).toBe('/looks');
    unblock();
    store.navigate('/settings');
    expect(store.location().pathname).toBe('/settings');
    expect(held).toHaveLength(1);
  });

  it('undoes a blocked back/forward move and redoes it on proceed', () => {
    const history = memoryHistory('/looks');
    const store = createLocationStore(history);
    store.navigate('/looks/new');
    const { blocker, held } = holdAll();
    store.block(blocker);
    history.go(-1);
    expect(store.location().pathname).toBe('/looks/new');
    expect(history.read().location.pathname).toBe('/looks/new');
    held[0]();
    expect(store.location().pathname).toBe('/looks');
    expect(history.read().index).toBe(0);
    expect(store.action()).toBe('pop');
  });
});

describe('location store over the browser history', () => {
  const popstate = () => new Promise<void>((resolve) => window.addEventListener('popstate', () => setTimeout(resolve, 0), { once: true }));

  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('numbers entries in history.state and follows back/forward', async () => {
    const store = createLocationStore(browserHistory());
    expect(window.history.state).toMatchObject({ appIndex: 0 });
    store.navigate('/looks');
    store.navigate('/looks/new?x=1');
    expect(window.location.pathname + window.location.search).toBe('/looks/new?x=1');
    expect(window.history.state).toMatchObject({ appIndex: 2 });
    const moved = popstate();
    window.history.back();
    await moved;
    expect(store.location()).toEqual({ pathname: '/looks', search: '' });
  });

  it('numbers an entry pushed by someone else (App Bridge) as the next one', async () => {
    const store = createLocationStore(browserHistory());
    store.navigate('/looks');
    window.history.pushState(null, '', '/settings');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(store.location().pathname).toBe('/settings');
    expect(window.history.state).toMatchObject({ appIndex: 2 });
  });

  it('puts a blocked back move right again, and goes back on proceed', async () => {
    const store = createLocationStore(browserHistory());
    store.navigate('/looks');
    store.navigate('/looks/new');
    const { blocker, held } = holdAll();
    store.block(blocker);
    let moved = popstate();
    window.history.back();
    await moved; // the back move, held
    await new Promise((resolve) => setTimeout(resolve, 20)); // the undo
    expect(held).toHaveLength(1);
    expect(window.location.pathname).toBe('/looks/new');
    expect(store.location().pathname).toBe('/looks/new');
    moved = popstate();
    held[0]();
    await moved;
    expect(window.location.pathname).toBe('/looks');
    expect(store.location().pathname).toBe('/looks');
  });
});
