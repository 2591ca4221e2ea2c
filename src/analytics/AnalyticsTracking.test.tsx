import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { HostProvider } from '../host/HostContext';
import { createFakeHost } from '../test/fakeHost';
import { AnalyticsTracking } from './AnalyticsTracking';
import { resetTracker, track } from './tracker';

function mockEvents(status: number) {
  const bodies: unknown[] = [];
  const fetch = jest.fn(async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    return new Response(status === 204 ? null : '{}', { status });
  });
  global.fetch = fetch as unknown as typeof global.fetch;
  return { fetch, bodies };
}

function mount() {
  const router = createMemoryRouter([{ path: '*', element: <AnalyticsTracking shopDomain="demo-shop.myshopify.com" /> }], { initialEntries: ['/looks'] });
  render(
    <HostProvider host={createFakeHost()}>
      <RouterProvider router={router} />
    </HostProvider>,
  );
  return router;
}

describe('AnalyticsTracking', () => {
  const realFetch = global.fetch;
  beforeEach(() => {
    resetTracker();
    localStorage.clear();
  });
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('posts page views to /admin/api/v1/events with the session token, one per route', async () => {
    const { fetch, bodies } = mockEvents(204);
    const router = mount();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(fetch.mock.calls[0][0]).toBe('/admin/api/v1/events');
    expect(new Headers(fetch.mock.calls[0][1].headers).get('Authorization')).toBe('Bearer test-token');
    expect(bodies[0]).toEqual({ name: 'page_viewed', distinctId: 'demo-shop.myshopify.com', properties: { path: '/looks' } });
    await router.navigate('/settings');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ properties: { path: '/settings' } });
  });

  it('drops an event the backend refuses with 4xx instead of blocking the queue', async () => {
    mockEvents(400);
    mount();
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(1));
    track('look_created');
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('shoppable-looks:analytics')!).queue).toEqual([]));
  });

  it('keeps events queued on a 5xx', async () => {
    mockEvents(503);
    mount();
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('shoppable-looks:analytics')!).queue).toHaveLength(1));
  });
});
