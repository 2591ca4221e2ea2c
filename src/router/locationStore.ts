/**
 * The app's location and its history: the browser's (window.history) or one
 * in memory (the server's render, tests), behind one store that the Router
 * subscribes to (src/router/Router.tsx). Navigation can be blocked (a form with unsaved
 * changes asks first): in-app links and navigate() wait for the answer, and
 * back/forward are undone until it comes (entries carry their index in
 * history.state, so the store knows how far to go back).
 */

export interface AppLocation {
  pathname: string;
  /** `''` or `?…`. */
  search: string;
}

export type To = string | Partial<AppLocation>;

export interface NavigateOptions {
  replace?: boolean;
}

export interface BlockerArgs {
  currentLocation: AppLocation;
  nextLocation: AppLocation;
}

export interface Blocker {
  shouldBlock: (args: BlockerArgs) => boolean;
  /** Navigation was held: `proceed` goes on with it. */
  blocked: (proceed: () => void) => void;
}

/** How the location last changed: a new entry, the entry replaced, or back/forward. */
export type NavigationAction = 'push' | 'replace' | 'pop';

export interface LocationStore {
  location(): AppLocation;
  /** How the current location was reached (undefined: the first). */
  action(): NavigationAction | undefined;
  subscribe(listener: () => void): () => void;
  navigate(to: To, options?: NavigateOptions): void;
  /** Adds a blocker; returns its removal. */
  block(blocker: Blocker): () => void;
}

/** Where entries are kept: each has an index, the first 0. */
export interface HistoryBackend {
  read(): { location: AppLocation; index: number };
  push(location: AppLocation, index: number): void;
  replace(location: AppLocation, index: number): void;
  go(delta: number): void;
  /** Back/forward: called after the backend moved to another entry. */
  listen(onMove: () => void): void;
}

export const href = (location: AppLocation) => location.pathname + location.search;

/** `to` resolved against the current location (a relative path, a search of its own). */
export function resolveTo(to: To, from: AppLocation): AppLocation {
  if (typeof to !== 'string') return { pathname: to.pathname ?? from.pathname, search: normalizeSearch(to.search ?? '') };
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: normalizeSearch(url.search) };
}

const normalizeSearch = (search: string) => (search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`);

export function createLocationStore(backend: HistoryBackend): LocationStore {
  let { location: current, index } = backend.read();
  const listeners = new Set<() => void>();
  const blockers = new Set<Blocker>();
  let undoing = false;
  let proceeding = false;
  let action: NavigationAction | undefined;

  const blockerFor = (next: AppLocation) => {
    for (const blocker of blockers) if (blocker.shouldBlock({ currentLocation: current, nextLocation: next })) return blocker;
    return undefined;
  };
  const moved = (how: NavigationAction) => {
    action = how;
    ({ location: current, index } = backend.read());
    listeners.forEach((listener) => listener());
  };

  backend.listen(() => {
    if (undoing) {
      undoing = false;
      return;
    }
    const { location: next, index: nextIndex } = backend.read();
    const delta = nextIndex - index;
    const blocker = proceeding || delta === 0 ? undefined : blockerFor(next);
    proceeding = false;
    if (!blocker) return moved('pop');
    undoing = true;
    backend.go(-delta);
    blocker.blocked(() => {
      proceeding = true;
      backend.go(delta);
    });
  });

  return {
    location: () => current,
    action: () => action,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, { replace = false } = {}) {
      const next = resolveTo(to, current);
      const go = () => {
        if (replace) backend.replace(next, index);
        else backend.push(next, index + 1);
        moved(replace ? 'replace' : 'push');
      };
      const blocker = blockerFor(next);
      if (blocker) blocker.blocked(go);
      else go();
    },
    block(blocker) {
      blockers.add(blocker);
      return () => blockers.delete(blocker);
    },
  };
}

const INDEX_KEY = 'appIndex';

/**
 * The browser's history. An entry pushed by someone else (App Bridge's
 * navigation menu pushes and then dispatches popstate) has no index: it is
 * numbered as the one after the current entry.
 */
export function browserHistory(win: Window = window): HistoryBackend {
  const stateIndex = (): number | undefined => {
    const value = (win.history.state as Record<string, unknown> | null)?.[INDEX_KEY];
    return typeof value === 'number' ? value : undefined;
  };
  const stamp = (index: number) => win.history.replaceState({ ...(win.history.state as object | null), [INDEX_KEY]: index }, '');
  let last = stateIndex() ?? 0;
  if (stateIndex() === undefined) stamp(last);
  const read = () => {
    let index = stateIndex();
    if (index === undefined) stamp((index = last + 1));
    return { location: { pathname: win.location.pathname, search: win.location.search }, index };
  };
  return {
    read,
    push(location, index) {
      win.history.pushState({ [INDEX_KEY]: index }, '', href(location));
      last = index;
    },
    replace(location, index) {
      win.history.replaceState({ ...(win.history.state as object | null), [INDEX_KEY]: index }, '', href(location));
      last = index;
    },
    go: (delta) => win.history.go(delta),
    listen(onMove) {
      win.addEventListener('popstate', () => {
        onMove();
        last = read().index;
      });
    },
  };
}

/** A history in memory, starting at `url` (path and search): the server's render and tests. */
export function memoryHistory(url: string): HistoryBackend & { entries: AppLocation[] } {
  const entries = [resolveTo(url, { pathname: '/', search: '' })];
  let index = 0;
  let onMove = () => {};
  return {
    entries,
    read: () => ({ location: entries[index], index }),
    push(location, next) {
      entries.splice(next, entries.length - next, location);
      index = next;
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      onMove();
    },
    listen(callback) {
      onMove = callback;
    },
  };
}

/** A location store in memory at `url`: the server's render, tests. */
export const createMemoryLocation = (url: string): LocationStore => createLocationStore(memoryHistory(url));
