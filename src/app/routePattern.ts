/**
 * A route's path pattern (`/gallery/edit/:id`, `*`) as the source of a
 * regular expression, for index.html's inline script that preloads the
 * page's chunk before any of the app's code runs (PreloadRouteChunks in
 * webpack.config.ts reads the patterns of routes.tsx). Hand-written because
 * react-router keeps its own compiler internal; routePattern.test.ts holds it
 * to react-router's matchPath for every route. Like react-router: case
 * ignored (the script adds the `i` flag), one trailing slash allowed, `:name`
 * one path segment, `*` anything.
 */
export function routePatternSource(path: string): string {
  if (path === '*') return '^.*$';
  const source = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return `^${source}\\/?$`;
}
