import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
}

/**
 * A component in a chunk of its own that, once its chunk has run, renders at
 * once without suspending (React.lazy would still suspend for a tick and show
 * its fallback; a hydration would wait for it). The pages (src/app/routes.tsx),
 * the analytics chart and the look form's drag list load this way; a caller
 * decides once, when it mounts, whether it renders `loaded()` or `Lazy` in a
 * Suspense boundary (a boundary coming or going would mount the part again).
 */
export function lazyOnce<M extends { default: AnyComponent }>(importer: () => Promise<M>): LazyOnce<M> {
  let component: M['default'] | undefined;
  const load = () =>
    importer().then((module) => {
      component = module.default;
      return module;
    });
  return { load, loaded: () => component, Lazy: lazy(load) };
}
