import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { HostProvider } from '../host/HostContext';
import { createFakeHost } from '../test/fakeHost';
import { fail, mockBackend, noContent, type ErrorStatus } from '../test/fakeBackend';
import { AnalyticsTracking } from './AnalyticsTracking';
import { resetTracker, track } from './tracker';

/** The events endpoint answering 204, or failing with the given status. */
function mockEvents(status: 204 | ErrorStatus) {
  const backend = mockBackend({ 'POST /events': status === 204 ? noContent() : fail(status) });
  return {
    calls: () => backend.callsTo('POST /events'),
    bodies: () => backend.callsTo('POST /events').map((c) => c.body),
  };
}

function mount() {
  const router = createMemoryRouter(
    [{ path: '*', element: <AnalyticsTracking shopDomain="demo-shop.myshopify.com" /> }],
    { initialEntries: ['/looks'] },
  );
  render(
    <HostProvider host={createFakeHost()}>
      <RouterProvider router={router} />
    </HostProvider>,
  );
  return router;
}

describe('AnalyticsTracking', () => {
  beforeEach(() => {
    resetTracker();
    localStorage.clear();
  });

  it('posts page views to /admin/api/v1/events with the session token, one per route', async () => {
    const events = mockEvents(204);
    const router = mount();
    await waitFor(() => expect(events.bodies()).toHaveLength(1));
    expect(events.calls()[0].headers.get('Authorization')).toBe('Bearer test-token');
    expect(events.bodies()[0]).toEqual({
      name: 'page_viewed',
      distinctId: 'demo-shop.myshopify.com',
      properties: { path: '/looks' },
    });
    await act(() => router.navigate('/settings'));
    await waitFor(() => expect(events.bodies()).toHaveLength(2));
    expect(events.bodies()[1]).toMatchObject({ properties: { path: '/settings' } });
  });

  it('drops an event the backend refuses with 4xx instead of blocking the queue', async () => {
    const events = mockEvents(400);
    mount();
    await waitFor(() => expect(events.calls()).toHaveLength(1));
    track('look_created');
    await waitFor(() => expect(events.calls()).toHaveLength(2));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('shoppable-looks:analytics')!).queue).toEqual([]));
  });

  it('keeps events queued on a 5xx', async () => {
    const events = mockEvents(503);
    mount();
    await waitFor(() => expect(events.calls()).toHaveLength(1));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('shoppable-looks:analytics')!).queue).toHaveLength(1));
  });
});
