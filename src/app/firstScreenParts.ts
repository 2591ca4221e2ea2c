/**
 * The chunks a page's first screen loads lazily (its module's `preload`, see
 * PageModule in routes.tsx), by the page's chunk name. index.html requests
 * them with the page's chunk (PreloadRouteChunks in webpack.config.ts)
 * instead of once that chunk has run: one round trip less before the page
 * renders (or, rendered on the server, before it is hydrated). The build
 * fails on a name that is no chunk.
 */
export const FIRST_SCREEN_PARTS: Readonly<Record<string, readonly string[]>> = {
  'look-edit': [
    'related-items-list',
    'create-experiment-form',
    'marker-placement',
    'discount-details',
    'generated-images',
  ],
};
