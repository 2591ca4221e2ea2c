import { routeRequest, routeUrl } from './routeRequest';

describe('routeRequest', () => {
  it("takes method and path from the route's key and fills its parameters, encoded", () => {
    expect(routeRequest('GET /layout')).toEqual({ url: '/layout', method: 'GET' });
    expect(
      routeRequest('POST /credits/verify/:packageId/:chargeId', { params: { packageId: 3, chargeId: 'a/b' } }),
    ).toEqual({
      url: '/credits/verify/3/a%2Fb',
      method: 'POST',
    });
  });

  it('passes the query and the body on', () => {
    expect(routeRequest('GET /productLooks', { query: { page: 2, limit: 10 } })).toEqual({
      url: '/productLooks',
      method: 'GET',
      params: { page: 2, limit: 10 },
    });
    expect(routeRequest('POST /productLookCollections', { body: { name: 'Summer' } })).toEqual({
      url: '/productLookCollections',
      method: 'POST',
      body: { name: 'Summer' },
    });
  });
});

describe('routeUrl', () => {
  it('builds the URL of a route below the prefix: parameters filled, the query encoded, what is undefined left out', () => {
    expect(routeUrl('POST /events')).toBe('/admin/api/v1/events');
    expect(routeUrl('GET /catalog/products', { query: { limit: 100, query: 'linen & wool' } })).toBe(
      '/admin/api/v1/catalog/products?limit=100&query=linen+%26+wool',
    );
    expect(routeUrl('GET /image-generation/:id/stream', { params: { id: 'g/1' } })).toBe(
      '/admin/api/v1/image-generation/g%2F1/stream',
    );
    expect(routeUrl('GET /productLooks', { query: { page: 2, query: undefined } })).toBe(
      '/admin/api/v1/productLooks?page=2',
    );
  });
});
