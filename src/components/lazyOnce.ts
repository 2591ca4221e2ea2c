import {
  createElement,
  lazy,
  Suspense,
  useState,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

// The constraint React.lazy itself puts on a module's component (any props).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export interface LazyOnce<M extends { default: AnyComponent }> {
  /** Starts the import (or joins it); resolves with the module once it has run. */
  load: () => Promise<M>;
  /** The component once its module has run, else undefined. */
  loaded: () => M['default'] | undefined;
  /** React.lazy over `load`: for a component not loaded yet, inside a Suspense boundary. */
  Lazy: LazyExoticComponent<M['default']>;
  /**
   * The component where it appears: at once if its chunk has run by then,
   * else in a Suspense boundary showing `fallback` — decided once, when the
   * slot mounts (a boundary coming or going would mount the part again).
   */
  Slot: ComponentType<ComponentProps<M['default']> & { fallback: ReactNode }>;
}

/**
 * A component in a chunk of its own that, once its chunk has run, renders at
 * once without suspending (React.lazy would still suspend for a tick and show
 * its fallback; a hydration would wait for it). The analytics chart, the look
 * form's drag list, the date range pane and the A/B test form load this way,
 * through `Slot` (the pages are react-router's lazy routes, src/app/routes.tsx).
 */
export function lazyOnce<M extends { default: AnyComponent }>(importer: () => Promise<M>): LazyOnce<M> {
  let component: M['default'] | undefined;
  const load = () =>
    importer().then((module) => {
      component = module.default;
      return module;
    });
  const Lazy = lazy(load);
  function Slot({ fallback, ...props }: ComponentProps<M['default']> & { fallback: ReactNode }) {
    const [Loaded] = useState(() => component);
    if (Loaded) return createElement(Loaded, props);
    return createElement(Suspense, { fallback }, createElement(Lazy, props));
  }
  return { load, loaded: () => component, Lazy, Slot };
}
