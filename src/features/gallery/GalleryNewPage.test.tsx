import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import GalleryNewPage from './GalleryNewPage';
import { fail, mockBackend, ok, type Answer, type FakeBackend } from '../../test/fakeBackend';
import { creditPackages, creditsData, lookListItem, pageOf } from '../../test/fixtures';
import type { CreateGenerationResponse } from '../../contracts/gallery';

const PACKAGES = creditPackages();

// Form pages render all of Polaris; give slow (shared) machines time.
jest.setTimeout(30_000);

const backendRoutes = () => ({
  'GET /credits': ok(creditsData({ creditsRemaining: 3, creditsUsed: 2, lowCreditWarning: true })),
  'GET /credits/packages': ok(PACKAGES),
  'GET /productLooks': ok(pageOf([lookListItem(4, { title: 'Summer in the City' })])),
  'POST /credits/verify/:packageId/:chargeId': ok({ success: true, package: PACKAGES[1], credits: 53 }),
});

function backend(generate: Answer<CreateGenerationResponse>) {
  return mockBackend({ ...backendRoutes(), 'POST /image-generation': generate });
}

async function pickLook(user: ReturnType<typeof userEvent.setup>, { callsTo }: FakeBackend) {
  const search = screen.getByLabelText('Look');
  await user.type(search, 'S');
  expect(screen.getByText('Minimum characters: 2')).toBeInTheDocument();
  await act(() => new Promise((r) => setTimeout(r, 200)));
  expect(callsTo('GET /productLooks')).toHaveLength(0);
  await user.type(search, 'u');
  await user.click(await screen.findByText('Summer in the City'));
  const searches = callsTo('GET /productLooks');
  expect(searches).toHaveLength(1); // debounced: one request for "Su"
  expect(Object.fromEntries(searches[0].params)).toEqual({ page: '1', query: 'Su', limit: '50' });
}

describe('GalleryNewPage', () => {
  // Polaris renders a popover (the look search's results) only for a displayed activator (one with an offsetParent); jsdom has no layout.
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!;
  beforeAll(() =>
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get() {
        return this.parentNode;
      },
    }),
  );
  afterAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent));

  it("a look preselected by the URL that fails to load: the spec's message, and the search to pick one", async () => {
    mockBackend({ ...backendRoutes(), 'GET /productLooks/:id': fail(404, 'Look not found') });
    renderWithProviders(<GalleryNewPage />, { route: '/gallery/new?productLookId=99' });
    expect(await screen.findByText('Failed to load product look. Please select one below.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Look' })).toBeInTheDocument();
  });

  it('the look search is a combobox; picking a look moves focus to its Change button, Change back to the search', async () => {
    backend(ok({ imageGenerationId: 1 }));
    const user = userEvent.setup();
    renderWithProviders(<GalleryNewPage />, { route: '/gallery/new' });
    const search = await screen.findByRole('combobox', { name: 'Look' });
    expect(search).toHaveAttribute('aria-expanded', 'false');
    await user.type(search, 'Su');
    const option = await screen.findByRole('option', { name: 'Summer in the City' });
    expect(search).toHaveAttribute('aria-expanded', 'true');
    expect(search).toHaveAttribute('aria-controls', option.closest('[role="listbox"]')!.id);
    await user.click(option);
    expect(await screen.findByText('Summer in the City', { selector: '#selected-look' })).toBeInTheDocument();
    const change = screen.getByRole('button', { name: 'Change look Summer in the City' });
    await waitFor(() => expect(change).toHaveFocus());
    await user.click(change);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Look' })).toHaveFocus());
  });

  it('searches looks from 2 characters, sends an empty prompt as absent and shows the 402 message', async () => {
    const api = backend(fail(402, "You don't have enough credits."));
    const user = userEvent.setup();
    renderWithProviders(<GalleryNewPage />, { route: '/gallery/new' });
    expect(await screen.findByText('Low credits')).toBeInTheDocument();
    expect(screen.getByText('Best offer')).toBeInTheDocument();
    expect(screen.getByText('50 credits · 40.0¢ per image')).toBeInTheDocument();
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    const generate = screen.getByRole('button', { name: 'Generate image' });
    expect(generate).toHaveAttribute('aria-disabled', 'true'); // needs a look
    await pickLook(user, api);
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText("You don't have enough credits.")).toBeInTheDocument();
    expect(api.callsTo('POST /image-generation')[0].body).toEqual({ productLookId: 4, imageType: 'flat_lay' });
  });

  it('402 without a message shows the insufficient-credits text', async () => {
    const api = backend({ status: 402, body: {} });
    const user = userEvent.setup();
    renderWithProviders(<GalleryNewPage />, { route: '/gallery/new' });
    await pickLook(user, api);
    await user.click(screen.getByRole('button', { name: 'Generate image' }));
    expect(await screen.findByText("You don't have enough credits to generate an image.")).toBeInTheDocument();
  });

  it('a return from the confirmation verifies the purchase, shows the success modal and clears the query', async () => {
    const api = backend(ok({ imageGenerationId: 1 }));
    const { router } = renderWithProviders(<GalleryNewPage />, {
      route: '/gallery/new?page=thankYou&charge_id=9&package_id=2',
      path: '/gallery/new',
    });
    expect(
      await screen.findByText('50 credits from the Popular package were added to your balance.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /credits/verify/:packageId/:chargeId').map((c) => c.pathParams)).toEqual([
      { packageId: '2', chargeId: '9' },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
