import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import PlansPage from './PlansPage';
import { mockBackend, ok } from '../../test/fakeBackend';
import { plansData } from './testData';

jest.mock('../../analytics/tracker', () => ({ track: jest.fn() }));

function Remount() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setShown((s) => !s)}>toggle</button>
      {shown && <PlansPage />}
    </>
  );
}

describe('billing plans cache (SPEC §9: stale after 5 minutes, kept 10)', () => {
  afterEach(() => jest.useRealTimers());

  it('refetches on mount only when the data is older than 300 s', async () => {
    const backend = mockBackend({ 'GET /shop/billing-plans': ok(plansData()) });
    const plansCalls = () => backend.callsTo('GET /shop/billing-plans').length;
    // Only the clock is faked (RTK Query compares new Date() with the fulfilled time).
    jest.useFakeTimers({
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    const start = Date.now();
    const now = { mockReturnValue: (t: number) => jest.setSystemTime(t) };
    renderWithProviders(<Remount />, { route: '/billing/plans' });
    await screen.findByTestId('price-monthly');
    expect(plansCalls()).toBe(1);

    // Back within 5 minutes: served from the cache.
    await userEvent.click(screen.getByText('toggle'));
    now.mockReturnValue(start + 299_000);
    await userEvent.click(screen.getByText('toggle'));
    await screen.findByTestId('price-monthly');
    expect(plansCalls()).toBe(1);

    // Older than 5 minutes: refetched on mount.
    await userEvent.click(screen.getByText('toggle'));
    now.mockReturnValue(start + 301_000);
    await userEvent.click(screen.getByText('toggle'));
    await waitFor(() => expect(plansCalls()).toBe(2));
    await screen.findByTestId('price-monthly');
    jest.useRealTimers();
  });
});
