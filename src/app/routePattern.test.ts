import { matchPath } from 'react-router-dom';
import { routePatternSource } from './routePattern';
import { pageRoutes } from './routes';

const PATHNAMES = [
  '/',
  '/looks',
  '/Looks/',
  '/looks/new',
  '/looks/edit/7',
  '/looks/edit/7/x',
  '/looks/edit/',
  '/gallery/edit/a%20b',
  '/billing/plans',
  '/analytics',
  '/layout',
  '/layoutLegacy',
  '/nope',
  '/a.b',
];

describe('route patterns of the chunk preloads', () => {
  it.each(pageRoutes.map((route) => route.path))('match %s as react-router does', (path) => {
    const pattern = new RegExp(routePatternSource(path), 'i');
    for (const pathname of PATHNAMES)
      expect([pathname, pattern.test(pathname)]).toEqual([pathname, matchPath(path, pathname) !== null]);
  });

  it('treat regular-expression characters literally', () => {
    expect(new RegExp(routePatternSource('/a.b'), 'i').test('/axb')).toBe(false);
    expect(new RegExp(routePatternSource('/a.b'), 'i').test('/a.b')).toBe(true);
  });
});
