/**
 * Route patterns (`/gallery/edit/:id`, `*`) as regular expressions: one
 * definition for the router's matching, the boot's preload of a page's chunk
 * and the build's chunk preloads (webpack.config.ts). Matching ignores case
 * and a trailing slash; `:name` is one path segment, `*` anything.
 */
export function compilePath(path: string): { pattern: RegExp; keys: string[] } {
  if (path === '*') return { pattern: /^.*$/, keys: [] };
  const keys: string[] = [];
  const source = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('\\/');
  return { pattern: new RegExp(`^${source}\\/?$`, 'i'), keys };
}

/** The parameters of `pathname` under `path`, or null when it does not match. */
export function matchPath(path: string, pathname: string): Record<string, string> | null {
  const { pattern, keys } = compilePath(path);
  const match = pattern.exec(pathname);
  if (!match) return null;
  return Object.fromEntries(keys.map((key, i) => [key, safeDecode(match[i + 1])]));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
