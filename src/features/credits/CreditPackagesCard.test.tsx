import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok, pending } from '../../test/fakeBackend';
import { creditPackages } from '../../test/fixtures';
import { CreditPackagesCard } from './CreditPackagesCard';

const CONFIRM = 'http://localhost/charges/7/confirm?token=t';
const packageBox = (name: string) => screen.getByRole('heading', { name }).closest('.Polaris-Box') as HTMLElement;

describe('CreditPackagesCard', () => {
  it('loading: the title and a skeleton', async () => {
    const backend = mockBackend({ 'GET /credits/packages': pending });
    const { container } = renderWithProviders(<CreditPackagesCard />);
    await waitFor(() => expect(backend.callsTo('GET /credits/packages')).toHaveLength(1));
    expect(screen.getByText('Buy credits')).toBeInTheDocument();
    expect(container.querySelector('.Polaris-SkeletonBodyText')).not.toBeNull();
  });

  it('lists the packages: price in dollars, credits, per-image price; the one at $20 is the best offer', async () => {
    mockBackend({ 'GET /credits/packages': ok(creditPackages()) });
    renderWithProviders(<CreditPackagesCard />);
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    expect(within(packageBox('Starter')).getByText('$5.00')).toBeInTheDocument();
    expect(within(packageBox('Starter')).getByText('10 credits · 50.0¢ per image')).toBeInTheDocument();
    expect(within(packageBox('Starter')).queryByText('Best offer')).toBeNull();
    expect(within(packageBox('Popular')).getByText('Best offer')).toBeInTheDocument();
    expect(within(packageBox('Popular')).getByText('$20.00')).toBeInTheDocument();
  });

  it('buying sends the top window to the confirmation URL', async () => {
    const backend = mockBackend({
      'GET /credits/packages': ok(creditPackages()),
      'POST /credits/purchase/:packageId': ok({ confirmationUrl: CONFIRM }),
    });
    const user = userEvent.setup();
    const { host } = renderWithProviders(<CreditPackagesCard />);
    await user.click(await screen.findByRole('button', { name: 'Buy Popular' }));
    await waitFor(() => expect(host.redirects).toEqual([CONFIRM]));
    expect(backend.callsTo('POST /credits/purchase/:packageId').map((c) => c.pathParams.packageId)).toEqual(['2']);
  });

  it("a purchase that cannot start says why in the interface language, chosen by the answer's code, never the server's text; the buttons come back", async () => {
    // The server words its messages in the shop's language (German here) and passes the platform's on.
    const backend = mockBackend({
      'GET /credits/packages': ok(creditPackages()),
      'POST /credits/purchase/:packageId': fail(404, 'Kreditpaket nicht gefunden.', { code: 'not_found' }),
    });
    const user = userEvent.setup();
    const { host } = renderWithProviders(<CreditPackagesCard />);
    await user.click(await screen.findByRole('button', { name: 'Buy Starter' }));
    expect(await screen.findByText('Credit package not found.')).toBeInTheDocument();
    expect(screen.queryByText('Kreditpaket nicht gefunden.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Buy Popular' })).toBeEnabled();
    backend.use({
      'POST /credits/purchase/:packageId': fail(422, 'Price must be greater than zero', { code: 'billing_rejected' }),
    });
    await user.click(screen.getByRole('button', { name: 'Buy Popular' }));
    expect(await screen.findByText('The purchase could not be started. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Price must be/)).toBeNull();
    backend.use({ 'POST /credits/purchase/:packageId': { status: 502 } });
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await user.click(screen.getByRole('button', { name: 'Buy Popular' }));
    expect(await screen.findByText('The purchase could not be started. Please try again.')).toBeInTheDocument();
    expect(host.redirects).toEqual([]);
  });

  it('a failed load shows the load-error banner; retry lists the packages', async () => {
    let failing = true;
    mockBackend({ 'GET /credits/packages': () => (failing ? fail(500) : ok(creditPackages())) });
    const user = userEvent.setup();
    renderWithProviders(<CreditPackagesCard />);
    expect(await screen.findByText('Credit packages could not be loaded.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    expect(screen.queryByText('Credit packages could not be loaded.')).toBeNull();
  });
});
