import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { creditPackages } from '../../test/fixtures';
import { PurchaseReturn } from './PurchaseReturn';

const render = (search: string) =>
  renderWithProviders(<PurchaseReturn />, { route: `/gallery/new${search}`, path: '/gallery/new' });

describe('PurchaseReturn', () => {
  it('success: verifies the charge once, shows the success modal and clears the query', async () => {
    const backend = mockBackend({
      'POST /credits/verify/:packageId/:chargeId': ok({ success: true, package: creditPackages()[1], credits: 53 }),
    });
    const user = userEvent.setup();
    const { router } = render('?page=thankYou&charge_id=9&package_id=2');
    expect(
      await screen.findByText('50 credits from the Popular package were added to your balance.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Purchase complete')).toBeInTheDocument();
    expect(backend.callsTo('POST /credits/verify/:packageId/:chargeId').map((c) => c.pathParams)).toEqual([
      { packageId: '2', chargeId: '9' },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The modal's primary action (the header's × is also labelled Close).
    await user.click(screen.getAllByRole('button', { name: 'Close' }).find((b) => b.textContent === 'Close')!);
    await waitFor(() => expect(screen.queryByText('Purchase complete')).toBeNull());
    expect(backend.calls).toHaveLength(1);
  });

  it('failure: a verification error shows the verify-failed banner, no modal', async () => {
    mockBackend({ 'POST /credits/verify/:packageId/:chargeId': fail(402, 'This purchase has not been approved.') });
    const { router } = render('?page=thankYou&charge_id=9&package_id=2');
    expect(
      await screen.findByText("We couldn't verify your purchase. If you were charged, contact support."),
    ).toBeInTheDocument();
    expect(screen.queryByText('Purchase complete')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('the alternate return: purchase=success shows the success banner with the credits added', async () => {
    const backend = mockBackend();
    const { router } = render('?purchase=success&credits_added=50');
    expect(await screen.findByText('Purchase successful: 50 credits added.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(backend.calls).toEqual([]);
  });

  it('the alternate return: another purchase value shows the failure banner', async () => {
    mockBackend();
    render('?purchase=declined');
    expect(await screen.findByText('The purchase was not completed.')).toBeInTheDocument();
  });

  it('never shows a message from the link (anyone can write one, in any language): our own banner instead', async () => {
    mockBackend();
    const failed = render(
      '?purchase=declined&message=Card%20declined.%20Call%20%2B1%20555%200100%20to%20unlock%20your%20store',
    );
    expect(await screen.findByText('The purchase was not completed.')).toBeInTheDocument();
    expect(screen.queryByText(/Card declined|555/)).toBeNull();
    await waitFor(() => expect(failed.router.state.location.search).toBe(''));
    failed.unmount();
    render('?purchase=success&credits_added=50&message=Zahlung%20erfolgreich');
    expect(await screen.findByText('Purchase successful: 50 credits added.')).toBeInTheDocument();
    expect(screen.queryByText('Zahlung erfolgreich')).toBeNull();
  });

  it('without return parameters: nothing shown, nothing called', async () => {
    const backend = mockBackend();
    const { container } = render('?other=1');
    await waitFor(() => expect(container.querySelector('.Polaris-Banner')).toBeNull());
    expect(backend.calls).toEqual([]);
  });
});
