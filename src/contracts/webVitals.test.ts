import { webVitalRoute } from './webVitals';

describe('web vital routes', () => {
  it('keeps route patterns, replaces ids and drops query, hash and odd characters', () => {
    expect(webVitalRoute('/')).toBe('/');
    expect(webVitalRoute('')).toBe('/');
    expect(webVitalRoute('/looks/new')).toBe('/looks/new');
    expect(webVitalRoute('/looks/edit/42?x=1#top')).toBe('/looks/edit/:id');
    expect(webVitalRoute('/gallery/3f2a9c1e-77aa-4c1b-9d7e-0123456789ab/')).toBe('/gallery/:id');
    expect(webVitalRoute('/looks/discounts/gid://shopify/Product/1')).toBe('/looks/discounts/:id/shopify/Product/:id');
    expect(webVitalRoute('/a b/<script>')).toBe('/ab/script');
    expect(webVitalRoute('/%%%')).toBe('/:id');
    expect(webVitalRoute(`/${'x'.repeat(300)}`).length).toBeLessThanOrEqual(100);
  });
});
