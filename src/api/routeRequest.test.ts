import { routeRequest } from './routeRequest';

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
