import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  startTransition,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { href, resolveTo, type AppLocation, type BlockerArgs, type LocationStore, type NavigateOptions, type To } from './locationStore';
import { matchPath } from './paths';

const RouterContext = createContext<{ store: LocationStore; location: AppLocation } | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

/**
 * The app's routes read the location of `store` (the browser's, or one in
 * memory). A navigation renders as a transition: the next page renders in
 * slices and a click stays responsive.
 */
export function Router({ store, children }: { store: LocationStore; children: ReactNode }) {
  const [location, setLocation] = useState(store.location);
  useEffect(() => {
    const update = () => startTransition(() => setLocation(store.location()));
    update(); // a navigation between this render and the subscription
    return store.subscribe(update);
  }, [store]);
  useEffect(() => {
    // A new page starts at its top; back/forward keep the browser's own scroll restoration.
    if (store.action() === 'push' && typeof window !== 'undefined') window.scrollTo(0, 0);
  }, [store, location]);
  const value = useMemo(() => ({ store, location }), [store, location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook is used outside <Router>.');
  return router;
}

const useStore = (): LocationStore => useRouter().store;

export function useLocation(): AppLocation {
  return useRouter().location;
}

export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const store = useStore();
  return useCallback((to, options) => store.navigate(to, options), [store]);
}

export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

export function useSearchParams(): [URLSearchParams, (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate({ search: query && `?${query}` }, options);
    },
    [navigate],
  );
  return [params, setParams];
}

/** The first of `routes` whose path matches the location, with its parameters; null when none does. */
export function useMatch<Route extends { path: string }>(routes: readonly Route[]): { route: Route; params: Record<string, string> } | null {
  const { pathname } = useLocation();
  return useMemo(() => {
    for (const route of routes) {
      const params = matchPath(route.path, pathname);
      if (params) return { route, params };
    }
    return null;
  }, [routes, pathname]);
}

/** The matched route's parameters for useParams below it. */
export function RouteParams({ params, children }: { params: Record<string, string>; children: ReactNode }) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** An anchor that navigates in the app; a modified or middle click opens the URL as the browser would. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, onClick, target, ...rest }, ref) {
  const store = useStore();
  const location = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    store.navigate(to, { replace });
  };
  return <a ref={ref} href={href(resolveTo(to, location))} target={target} onClick={handleClick} {...rest} />;
});

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as a redirect
  return null;
}

export interface BlockerState {
  state: 'unblocked' | 'blocked';
  proceed: () => void;
  reset: () => void;
}

/**
 * While `shouldBlock` says so, navigation waits: `state` is `blocked` until
 * `proceed` (navigate on) or `reset` (stay).
 */
export function useBlocker(shouldBlock: (args: BlockerArgs) => boolean): BlockerState {
  const store = useStore();
  const [held, setHeld] = useState<(() => void) | null>(null);
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => store.block({ shouldBlock: (args) => latest.current(args), blocked: (proceed) => setHeld(() => proceed) }), [store, latest]);
  return {
    state: held ? 'blocked' : 'unblocked',
    proceed: () => {
      setHeld(null);
      held?.();
    },
    reset: () => setHeld(null),
  };
}
