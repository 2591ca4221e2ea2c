import { compilePath, matchPath } from './paths';

describe('route paths', () => {
  it('matches a static path, ignoring case and one trailing slash', () => {
    expect(matchPath('/looks', '/looks')).toEqual({});
    expect(matchPath('/looks', '/Looks/')).toEqual({});
    expect(matchPath('/looks', '/looks/new')).toBeNull();
    expect(matchPath('/looks/new', '/looks')).toBeNull();
  });

  it('matches the root only at the root', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/looks')).toBeNull();
  });

  it('gives each :name one decoded path segment', () => {
    expect(matchPath('/gallery/edit/:id', '/gallery/edit/42')).toEqual({ id: '42' });
    expect(matchPath('/gallery/edit/:id', '/gallery/edit/a%20b')).toEqual({ id: 'a b' });
    expect(matchPath('/gallery/edit/:id', '/gallery/edit/%E0%A4%A')).toEqual({ id: '%E0%A4%A' });
    expect(matchPath('/gallery/edit/:id', '/gallery/edit/4/2')).toBeNull();
    expect(matchPath('/gallery/edit/:id', '/gallery/edit/')).toBeNull();
  });

  it('treats regular-expression characters in a path literally', () => {
    expect(matchPath('/a.b', '/axb')).toBeNull();
    expect(matchPath('/a.b', '/a.b')).toEqual({});
  });

  it('matches anything with *', () => {
    expect(matchPath('*', '/no/such/page')).toEqual({});
    expect(compilePath('*').pattern.test('/')).toBe(true);
  });

  it('gives the browser a pattern it can rebuild from its source (the chunk preloads)', () => {
    const { pattern } = compilePath('/looks/edit/:id');
    expect(new RegExp(pattern.source, 'i').test('/LOOKS/edit/7')).toBe(true);
  });
});
