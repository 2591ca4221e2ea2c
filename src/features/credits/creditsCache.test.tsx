import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mockBackend, ok } from '../../test/fakeBackend';
import { creditPackages, creditsData } from '../../test/fixtures';
import { CreditBalanceCard } from './CreditBalanceCard';
import { CreditPackagesCard } from './CreditPackagesCard';
import { PurchaseReturn } from './PurchaseReturn';

function Remount({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setShown((s) => !s)}>toggle</button>
      {shown && children}
    </>
  );
}

describe('credits cache (SPEC §9: balance always stale, packages stale after 5 minutes)', () => {
  afterEach(() => jest.useRealTimers());

  it('the balance is fetched again on every mount', async () => {
    const backend = mockBackend({ 'GET /credits': ok(creditsData()) });
    const user = userEvent.setup();
    renderWithProviders(
      <Remount>
        <CreditBalanceCard />
      </Remount>,
    );
    await screen.findByText('Image credits');
    await user.click(screen.getByText('toggle'));
    await user.click(screen.getByText('toggle'));
    await waitFor(() => expect(backend.callsTo('GET /credits')).toHaveLength(2));
  });

  it('packages are served from the cache for 5 minutes, then fetched again', async () => {
    const backend = mockBackend({ 'GET /credits/packages': ok(creditPackages()) });
    const calls = () => backend.callsTo('GET /credits/packages').length;
    // Only the clock is faked (RTK Query compares new Date() with the fulfilled time).
    jest.useFakeTimers({
      doNotFake: [
        'nextTick',
        'queueMicrotask',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
      ],
    });
    const start = Date.now();
    const user = userEvent.setup();
    renderWithProviders(
      <Remount>
        <CreditPackagesCard />
      </Remount>,
    );
    await screen.findByRole('heading', { name: 'Starter' });
    await user.click(screen.getByText('toggle'));
    jest.setSystemTime(start + 299_000);
    await user.click(screen.getByText('toggle'));
    await screen.findByRole('heading', { name: 'Starter' });
    expect(calls()).toBe(1);
    await user.click(screen.getByText('toggle'));
    jest.setSystemTime(start + 301_000);
    await user.click(screen.getByText('toggle'));
    await waitFor(() => expect(calls()).toBe(2));
  });

  it('a verified purchase reloads the balance shown', async () => {
    let remaining = 3;
    const backend = mockBackend({
      'GET /credits': () => ok(creditsData({ creditsRemaining: remaining })),
      'POST /credits/verify/:packageId/:chargeId': () => {
        remaining = 53;
        return ok({ success: true, package: creditPackages()[1], credits: 53 });
      },
    });
    renderWithProviders(
      <>
        <CreditBalanceCard />
        <PurchaseReturn />
      </>,
      { route: '/gallery/new?page=thankYou&charge_id=9&package_id=2', path: '/gallery/new' },
    );
    expect(await screen.findByText('53 credits left · 0 used')).toBeInTheDocument();
    expect(backend.callsTo('GET /credits').length).toBeGreaterThanOrEqual(2);
  });
});
