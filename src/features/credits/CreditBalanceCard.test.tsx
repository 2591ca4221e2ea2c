import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok, pending } from '../../test/fakeBackend';
import { creditsData } from '../../test/fixtures';
import { CreditBalanceCard } from './CreditBalanceCard';

const balance = () => screen.getByText((_, el) => el?.id === 'credits-remaining');

describe('CreditBalanceCard', () => {
  it('loading: a skeleton, no figures', async () => {
    const backend = mockBackend({ 'GET /credits': pending });
    const { container } = renderWithProviders(<CreditBalanceCard />);
    await waitFor(() => expect(backend.callsTo('GET /credits')).toHaveLength(1));
    expect(container.querySelector('.Polaris-SkeletonBodyText')).not.toBeNull();
    expect(screen.queryByText('Image credits')).toBeNull();
  });

  it('normal: the balance and usage, no low-credit badge or warning, no claim once claimed', async () => {
    mockBackend({ 'GET /credits': ok(creditsData({ creditsRemaining: 42, creditsUsed: 8 })) });
    renderWithProviders(<CreditBalanceCard />);
    expect(await screen.findByText('Image credits')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('42');
    expect(screen.getByText('42 credits left · 8 used')).toBeInTheDocument();
    expect(screen.queryByText('Low credits')).toBeNull();
    expect(screen.queryByText(/running low on credits/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Claim free credits' })).toBeNull();
  });

  it('low credit: badge and warning while the server sets the flag', async () => {
    mockBackend({ 'GET /credits': ok(creditsData({ creditsRemaining: 1, creditsUsed: 19, lowCreditWarning: true })) });
    renderWithProviders(<CreditBalanceCard />);
    expect(await screen.findByText('Low credits')).toBeInTheDocument();
    expect(
      screen.getByText('You are running low on credits. Buy a package to keep generating images.'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 credit left · 19 used')).toBeInTheDocument();
  });

  it('before the free credits are claimed: the claim, no low-credit badge or warning', async () => {
    mockBackend({
      'GET /credits': ok(creditsData({ creditsRemaining: 0, freeCreditsClaimedFlag: false, lowCreditWarning: true })),
    });
    renderWithProviders(<CreditBalanceCard />);
    expect(await screen.findByRole('button', { name: 'Claim free credits' })).toBeInTheDocument();
    expect(screen.queryByText('Low credits')).toBeNull();
    expect(screen.queryByText(/running low on credits/)).toBeNull();
  });

  it('error: the load-failed banner; retry loads the balance', async () => {
    let failing = true;
    mockBackend({ 'GET /credits': () => (failing ? fail(500) : ok(creditsData({ creditsRemaining: 7 }))) });
    const user = userEvent.setup();
    renderWithProviders(<CreditBalanceCard />);
    expect(await screen.findByText('Your credit balance could not be loaded.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('7 credits left · 0 used')).toBeInTheDocument();
  });

  it('claims the free credits once: the balance reloads, and 5 or fewer credits show the low warning', async () => {
    let claimed = false;
    const backend = mockBackend({
      'GET /credits': () => ok(creditsData({ creditsRemaining: claimed ? 5 : 0, freeCreditsClaimedFlag: claimed })),
      'POST /credits/claim-free': () => {
        claimed = true;
        return ok({ credits: 5, message: 'Free credits added to your balance.' });
      },
    });
    const user = userEvent.setup();
    const { host } = renderWithProviders(<CreditBalanceCard />);
    await user.click(await screen.findByRole('button', { name: 'Claim free credits' }));
    expect(await screen.findByText('5 credits left · 0 used')).toBeInTheDocument();
    expect(host.toasts).toEqual([{ message: 'Free credits added to your balance.', isError: false }]);
    expect(screen.getByText('Low credits')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim free credits' })).toBeNull();
    expect(backend.callsTo('POST /credits/claim-free')).toHaveLength(1);
    expect(backend.callsTo('GET /credits')).toHaveLength(2);
  });

  it("a failed claim says why in the interface language, chosen by the answer's code (never the server's text), dismissible", async () => {
    // The server words its message in the shop's language (French here); the screen is in English.
    const backend = mockBackend({
      'GET /credits': ok(creditsData({ creditsRemaining: 0, freeCreditsClaimedFlag: false })),
      'POST /credits/claim-free': fail(409, 'Les crédits gratuits ont déjà été obtenus pour cette boutique.', {
        code: 'free_credits_claimed',
      }),
    });
    const user = userEvent.setup();
    const { host } = renderWithProviders(<CreditBalanceCard />);
    await user.click(await screen.findByRole('button', { name: 'Claim free credits' }));
    expect(await screen.findByText('Free credits have already been claimed for this store.')).toBeInTheDocument();
    expect(screen.queryByText(/Les crédits gratuits/)).toBeNull();
    expect(host.toasts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Free credits have already been claimed for this store.')).toBeNull();

    backend.use({ 'POST /credits/claim-free': { status: 500, body: {} } });
    await user.click(screen.getByRole('button', { name: 'Claim free credits' }));
    expect(await screen.findByText('Free credits could not be claimed. Please try again.')).toBeInTheDocument();
  });
});
