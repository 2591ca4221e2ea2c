import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import GalleryNewPage from './GalleryNewPage';
import { mockBackend, type FakeCall } from '../../test/fakeBackend';

const mockApi = mockBackend;

const CREDITS = { creditsRemaining: 3, creditsUsed: 2, freeCreditsClaimedFlag: true, lowCreditWarning: true };
const PACKAGES = [
  { id: 1, name: 'Starter', price: 5, credits: 10, pricePerCredit: 0.5 },
  { id: 2, name: 'Popular', price: 20, credits: 50, pricePerCredit: 0.4 },
];

function backend(generate: { status?: number; body: unknown }) {
  return mockApi((c) => {
    if (c.path === '/credits') return { body: CREDITS };
    if (c.path === '/credits/packages') return { body: PACKAGES };
    if (c.path === '/productLooks') return { body: { data: [{ id: 4, title: 'Summer in the City', image: null }], paginationDetails: {} } };
    if (c.path === '/image-generation' && c.method === 'POST') return generate;
    if (c.path.startsWith('/credits/verify/')) return { body: { success: true, package: PACKAGES[1], credits: 53 } };
    return undefined;
  });
}

async function pickLook(user: ReturnType<typeof userEvent.setup>, calls: FakeCall[]) {
  const search = screen.getByLabelText('Look');
  await user.type(search, 'S');
  expect(screen.getByText('Type at least 2 characters (minimum characters)')).toBeInTheDocument();
  await act(() => new Promise((r) => setTimeout(r, 200)));
  expect(calls.filter((c) => c.path === '/productLooks')).toHaveLength(0);
  await user.type(search, 'u');
  await user.click(await screen.findByText('Summer in the City'));
  const searches = calls.filter((c) => c.path === '/productLooks');
  expect(searches).toHaveLength(1); // debounced: one request for "Su"
  expect(Object.fromEntries(searches[0].params)).toEqual({ page: '1', query: 'Su', limit: '50' });
}

describe('GalleryNewPage', () => {
  it('searches looks from 2 characters, sends an empty prompt as absent and shows the 402 message', async () => {
    const calls = backend({ status: 402, body: { message: "You don't have enough credits." } });
    const user = userEvent.setup();
    renderWithProviders(<GalleryNewPage />, { route: '/gallery/new' });
    expect(await screen.findByText('Low credits')).toBeInTheDocument();
    expect(screen.getByText('Best offer')).toBeInTheDocument();
    expect(screen.getByText('50 credits · 40.0¢ per image')).toBeInTheDocument();
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    const generate = screen.getByRole('button', { name: 'Generate image' });
    expect(generate).toHaveAttribute('aria-disabled', 'true'); // needs a look
    await pickLook(user, calls);
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText("You don't have enough credits.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ productLookId: 4, imageType: 'flat_lay' });
  });

  it('402 without a message shows the insufficient-credits text', async () => {
    const calls = backend({ status: 402, body: {} });
    const user = userEvent.setup();
    renderWithProviders(<GalleryNewPage />, { route: '/gallery/new' });
    await pickLook(user, calls);
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText("You don't have enough credits to generate an image.")).toBeInTheDocument();
  });

  it('a return from the confirmation verifies the purchase, shows the success modal and clears the query', async () => {
    const calls = backend({ body: {} });
    const { router } = renderWithProviders(<GalleryNewPage />, { route: '/gallery/new?page=thankYou&charge_id=9&package_id=2', path: '/gallery/new' });
    expect(await screen.findByText('50 credits from the Popular package were added to your balance.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/credits/verify/2/9' && c.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
