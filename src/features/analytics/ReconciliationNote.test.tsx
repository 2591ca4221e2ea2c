import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mockBackend, ok } from '../../test/fakeBackend';
import type { Reconciliation } from '../../contracts/reconciliation';
import { ReconciliationNote } from './ReconciliationNote';

const reconciliation = (over: Partial<Reconciliation> = {}): Reconciliation => ({
  agreedAt: '2026-11-27T03:31:00.000Z',
  checkedAt: '2026-11-27T03:31:00.000Z',
  status: 'agreed',
  ordersChecked: 12,
  repairs: {},
  available: true,
  ...over,
});

describe('ReconciliationNote', () => {
  it('says when the figures last agreed with Shopify, in the shop timezone, and reconciles on demand', async () => {
    const backend = mockBackend({
      'GET /reconciliation': ok(reconciliation()),
      'POST /reconciliation': ok(reconciliation()),
    });
    renderWithProviders(<ReconciliationNote timeZone="America/New_York" />);
    expect(await screen.findByText('Last reconciled with Shopify on Nov 26, 2026, 10:31 PM')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reconcile now' }));
    expect(await screen.findByText('Reconciliation started')).toBeInTheDocument();
    expect(backend.callsTo('POST /reconciliation')).toHaveLength(1);
    // The answer's tag makes the note ask again.
    expect(backend.callsTo('GET /reconciliation').length).toBeGreaterThanOrEqual(2);
  });

  it('never reconciled, or waiting for access to orders', async () => {
    mockBackend({ 'GET /reconciliation': ok(reconciliation({ agreedAt: null, checkedAt: null, status: null })) });
    const { unmount } = renderWithProviders(<ReconciliationNote timeZone="UTC" />);
    expect(await screen.findByText('Not reconciled with Shopify yet')).toBeInTheDocument();
    unmount();
    mockBackend({ 'GET /reconciliation': ok(reconciliation({ status: 'awaiting_access' })) });
    renderWithProviders(<ReconciliationNote timeZone="UTC" />);
    expect(
      await screen.findByText("Reconciliation with Shopify waits for the app's access to orders"),
    ).toBeInTheDocument();
  });

  it('shows nothing where the app is not connected to Shopify (standalone)', async () => {
    const backend = mockBackend({ 'GET /reconciliation': ok(reconciliation({ available: false })) });
    renderWithProviders(<ReconciliationNote timeZone="UTC" />);
    await waitFor(() => expect(backend.callsTo('GET /reconciliation')).toHaveLength(1));
    // The answer arrived and rendered: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Reconcile now' })).toBeNull();
    expect(screen.queryByText(/reconciled/i)).toBeNull();
  });
});
