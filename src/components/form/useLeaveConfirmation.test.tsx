import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import en from '../../../translations/en.json';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { useLeaveConfirmation } from './useLeaveConfirmation';

/** A page with a link away and a button that makes its form dirty. */
function Page() {
  const [dirty, setDirty] = useState(false);
  const modal = useLeaveConfirmation(dirty);
  return (
    <>
      <Link to="/looks">away</Link>
      <button onClick={() => setDirty(true)}>edit</button>
      {modal}
    </>
  );
}

const edit = () => fireEvent.click(screen.getByRole('button', { name: 'edit' }));
const leaveByLink = () => fireEvent.click(screen.getByRole('link', { name: 'away' }));

describe('leave confirmation, standalone (react-router blocker and a Polaris modal)', () => {
  it('lets a clean page go', async () => {
    const { router } = renderWithProviders(<Page />, { route: '/looks/new' });
    leaveByLink();
    await waitFor(() => expect(router.state.location.pathname).toBe('/looks'));
  });

  it('holds a link while dirty: Stay keeps the page, Leave goes', async () => {
    const { router } = renderWithProviders(<Page />, { route: '/looks/new' });
    edit();
    leaveByLink();
    expect(await screen.findByText(en['LeaveConfirm.title'])).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/looks/new');
    fireEvent.click(screen.getByRole('button', { name: en['LeaveConfirm.stay'] }));
    await waitFor(() => expect(screen.queryByText(en['LeaveConfirm.title'])).toBeNull());
    expect(router.state.location.pathname).toBe('/looks/new');
    leaveByLink();
    fireEvent.click(await screen.findByRole('button', { name: en['LeaveConfirm.leave'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/looks'));
  });

  it('holds the back button while dirty', async () => {
    const { router } = renderWithProviders(<Page />, { route: '/looks' });
    await act(() => router.navigate('/looks/new'));
    edit();
    await act(() => router.navigate(-1));
    expect(await screen.findByText(en['LeaveConfirm.title'])).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/looks/new');
    fireEvent.click(screen.getByRole('button', { name: en['LeaveConfirm.leave'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/looks'));
  });
});

describe('leave confirmation inside Shopify admin (App Bridge save bar)', () => {
  beforeAll(() => customElements.define('ui-save-bar', class extends HTMLElement {}));

  it('asks through App Bridge, no modal of its own; goes when the merchant confirms', async () => {
    let confirm = () => {};
    const leaveConfirmation = jest.fn(() => new Promise<void>((resolve) => (confirm = resolve)));
    const { router } = renderWithProviders(<Page />, {
      route: '/looks/new',
      host: createFakeHost({ kind: 'appBridge', leaveConfirmation }),
    });
    edit();
    leaveByLink();
    await waitFor(() => expect(leaveConfirmation).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(en['LeaveConfirm.title'])).toBeNull();
    expect(router.state.location.pathname).toBe('/looks/new');
    await act(async () => confirm());
    await waitFor(() => expect(router.state.location.pathname).toBe('/looks'));
  });

  it('uses the Polaris modal when App Bridge has no leave confirmation', async () => {
    const { router } = renderWithProviders(<Page />, {
      route: '/looks/new',
      host: createFakeHost({ kind: 'appBridge' }),
    });
    edit();
    leaveByLink();
    expect(await screen.findByText(en['LeaveConfirm.title'])).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/looks/new');
  });
});
