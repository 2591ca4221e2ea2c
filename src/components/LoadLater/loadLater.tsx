import {
  createElement,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ReactElement,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';

// The constraint React.lazy itself puts on a module's component (any props).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** How far below (or above) the screen a part starts loading: a fast scroll still finds it there. */
export const LOAD_LATER_MARGIN = '800px 0px';

/** The first acts inside a part that load it at once (a tap, a click, Tab into it, a key). */
export const FIRST_ACTS = ['pointerdown', 'focusin', 'keydown'] as const;

export interface LoadLater<M extends { default: AnyComponent }> {
  /** Starts the part's import (or joins it); resolves once its module has run. */
  load: () => Promise<M>;
  /**
   * The part where it appears, in a wrapper (a block) and a Suspense boundary of its own. Its chunk is
   * requested when the wrapper comes within LOAD_LATER_MARGIN of the screen or at the first act inside
   * it, whichever is first; rendered by the browser (no server HTML), at once, showing `fallback` (of
   * the part's height) meanwhile.
   */
  Part: ComponentType<ComponentProps<M['default']> & { fallback: ReactNode }>;
}

/**
 * A part of a page below the first screen, in a chunk of its own that a first load does not carry.
 * Server-rendered, the part's HTML is the server's until its chunk has come: React 18 keeps a
 * Suspense boundary that suspends while hydrating dehydrated (the server's markup as it is, no
 * fallback, no layout shift) and hydrates it once the promise it suspended on resolves. So the
 * boundary's lazy component suspends on a promise that resolves only once `load` ran: nothing is
 * requested until the part comes near or is used. The wrapper element stays outside the boundary,
 * hydrated with the page, for its observer and listeners.
 *
 * A click on the part before its chunk has come requests it but is not replayed (React 18 stops a
 * discrete event aimed at a dehydrated boundary); the margin makes that rare.
 *
 * Not for a part with text fields: typing into a field of the server's markup before its chunk has
 * come is not handed over (src/ssr/earlyInput.ts hands over the page's fields once, when the page
 * is live).
 */
export function loadLater<M extends { default: AnyComponent }>(importer: () => Promise<M>): LoadLater<M> {
  let loading: Promise<M> | undefined;
  let arrived!: (module: M) => void;
  const loaded = new Promise<M>((resolve) => {
    arrived = resolve;
  });
  const load = () => {
    loading ??= importer().then((module) => {
      arrived(module);
      return module;
    });
    // A failed import may be asked again (the next act inside the part, a scroll).
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  // React.lazy calls this at its first render: in the browser it waits for `load`, it does not start
  // it; on the server (no document) it imports at once, as the server renders the whole first screen.
  const Lazy = lazy(() => (typeof document === 'undefined' ? load() : loaded));

  /** The fallback mounts only when the browser renders the part (no server HTML): it loads at once. */
  function LoadAtOnce({ children }: { children: ReactNode }) {
    useEffect(() => void load().catch(() => undefined), []);
    return <>{children}</>;
  }

  /** Mounts with the part (hydrated or rendered): from then on the part takes its live props. */
  function Arrived({ onArrived }: { onArrived: (live: boolean) => void }) {
    useEffect(() => onArrived(true), [onArrived]);
    return null;
  }

  function Part({ fallback, ...props }: ComponentProps<M['default']> & { fallback: ReactNode }) {
    const wrapper = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = wrapper.current;
      if (!element) return undefined;
      const start = () => {
        stop();
        void load().catch(() => undefined);
      };
      // On the document, capturing: React 18 stops a discrete event aimed at a part still dehydrated
      // at its root (and does not replay it), so a listener on the wrapper would never hear it.
      const act = (event: Event) => event.target instanceof Node && element.contains(event.target) && start();
      const observer =
        typeof IntersectionObserver === 'function'
          ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
              rootMargin: LOAD_LATER_MARGIN,
            })
          : undefined;
      function stop() {
        observer?.disconnect();
        FIRST_ACTS.forEach((type) => element!.ownerDocument.removeEventListener(type, act, true));
      }
      if (observer) observer.observe(element);
      else start(); // no observer to tell: load now
      FIRST_ACTS.forEach((type) => element.ownerDocument.addEventListener(type, act, true));
      return stop;
    }, []);
    // Until the part has hydrated (or mounted), its boundary gets the element of its first render, the
    // one the server's HTML matches: new props (a query refetching, a callback made anew) would reach a
    // boundary still dehydrated, and React 18 would drop the server's HTML for the fallback (a shift).
    const [live, setLive] = useState(false);
    const first = useRef<ReactElement | null>(null);
    const boundary = (
      <Suspense fallback={<LoadAtOnce>{fallback}</LoadAtOnce>}>
        {createElement(Lazy, props)}
        <Arrived onArrived={setLive} />
      </Suspense>
    );
    if (!live) first.current ??= boundary;
    return <div ref={wrapper}>{live ? boundary : first.current}</div>;
  }
  return { load, Part };
}
