import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import DowngradePage from './DowngradePage';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { plansData, previewData } from './testData';

describe('DowngradePage', () => {
  it('lists the consequences, asks for confirmation, downgrades and goes home', async () => {
    const host = createFakeHost();
    const backend = mockBackend({
      'GET /shop/billing-plans': ok(plansData('monthly', 20)),
      'GET /shop/downgrade/preview': ok(previewData(['Evening Out', 'Autumn Layers'])),
      'POST /shop/downgrade': ok({ plan: 'free' as const, deactivatedLooks: [] }),
    });
    const { router } = renderWithProviders(<DowngradePage />, { route: '/billing/downgrade', host });
    expect(await screen.findByText("You're about to leave the Monthly plan")).toBeInTheDocument();
    expect(screen.getByText('Only 1 look can be active.')).toBeInTheDocument();
    expect(screen.getByText('These 2 looks will be set to draft (they are kept):')).toBeInTheDocument();
    expect(screen.getByText('Evening Out')).toBeInTheDocument();
    expect(screen.getByText('Autumn Layers')).toBeInTheDocument();
    expect(screen.getByText('Priority support')).toBeInTheDocument();
    expect(
      screen.getByText("Your 20% discount (WELCOME20) ends and won't apply if you subscribe again."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep my plan' })).toHaveAttribute('href', '/billing/plans');

    await userEvent.click(screen.getByRole('button', { name: 'Downgrade to free' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/2 looks will be set to draft/)).toBeInTheDocument();
    expect(backend.callsTo('POST /shop/downgrade')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Downgrade' }));

    await waitFor(() => expect(host.toasts).toEqual([{ message: 'Changes saved', isError: false }]));
    const [call] = backend.callsTo('POST /shop/downgrade');
    expect(call.search).toBe('?planName=free');
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the settings update error toast when the downgrade fails', async () => {
    const host = createFakeHost();
    mockBackend({
      'GET /shop/billing-plans': ok(plansData('yearly')),
      'GET /shop/downgrade/preview': ok(previewData()),
      'POST /shop/downgrade': fail(500, 'boom'),
    });
    const { router } = renderWithProviders(<DowngradePage />, { route: '/billing/downgrade', host });
    expect(await screen.findByText('Your active looks stay live; all looks are kept.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Downgrade to free' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Downgrade' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([{ message: 'Could not save your changes. Please try again.', isError: true }]),
    );
    expect(router.state.location.pathname).toBe('/billing/downgrade');
  });

  it('on the free plan there is nothing to downgrade', async () => {
    mockBackend({ 'GET /shop/billing-plans': ok(plansData('free')), 'GET /shop/downgrade/preview': ok(previewData()) });
    renderWithProviders(<DowngradePage />, { route: '/billing/downgrade' });
    expect(await screen.findByText("You're on the free plan")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Downgrade to free' })).toBeNull();
  });
});
