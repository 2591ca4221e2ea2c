jest.setTimeout(30_000);
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import type { Experiment, ExperimentVariant } from '../../contracts/experiments';
import en from '../../../translations/en.json';
import de from '../../../translations/de.json';
import { ExperimentsCard } from './ExperimentsCard';

const variant = (id: number, over: Partial<ExperimentVariant> = {}): ExperimentVariant => ({
  id,
  name: id === 1 ? 'A' : 'B',
  split: 50,
  impressions: 0,
  conversions: 0,
  probabilityToBeatControl: null,
  isControl: id === 1,
  imageUrl: null,
  template: id === 1 ? null : 'multi_col',
  conversionRate: null,
  credibleInterval: { low: 0.025, high: 0.975 },
  ...over,
});

const experiment = (over: Partial<Experiment> = {}): Experiment => ({
  id: 7,
  lookId: 3,
  lookTitle: 'Summer',
  lookActive: true,
  status: 'running',
  createdAt: '2026-11-01T00:00:00.000Z',
  startedAt: '2026-11-01T00:00:00.000Z',
  stoppedAt: null,
  appliedVariantId: null,
  method: 'bayesian-beta-binomial',
  conversion: 'add_to_cart_per_impression',
  sampleTooSmall: true,
  variants: [variant(1), variant(2)],
  ...over,
});

const decided = experiment({
  sampleTooSmall: false,
  variants: [
    variant(1, {
      impressions: 1200,
      conversions: 60,
      conversionRate: 0.05,
      credibleInterval: { low: 0.0389, high: 0.0637 },
    }),
    variant(2, {
      impressions: 1150,
      conversions: 80,
      conversionRate: 0.0696,
      probabilityToBeatControl: 0.982,
      credibleInterval: { low: 0.0557, high: 0.0856 },
    }),
  ],
});

describe('A/B tests card', () => {
  it("a test of a draft look says no shopper sees it (running or not yet started), a stopped one does not; an active look's test says nothing", async () => {
    mockBackend({
      'GET /experiments': ok([
        experiment({ id: 9, lookTitle: 'Evening', lookActive: false, status: 'draft' }),
        experiment({ id: 8, lookTitle: 'Autumn', lookActive: false }),
        experiment({
          id: 7,
          lookTitle: 'Old',
          lookActive: false,
          status: 'stopped',
          stoppedAt: '2026-11-02T00:00:00.000Z',
        }),
        experiment({ id: 6, lookTitle: 'Summer' }),
      ]),
    });
    renderWithProviders(<ExperimentsCard />);
    expect(await screen.findByText('No shopper sees this test')).toBeInTheDocument();
    expect(screen.getByText('No shopper will see this test')).toBeInTheDocument();
    expect(
      screen.getByText(
        '“Autumn” is a draft, so neither variant is shown on your store and the test gathers no data. Activate the look to run the test.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^“Evening” is a draft/)).toBeInTheDocument();
    expect(screen.queryByText(/^“Old” is a draft/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^“Summer” is a draft/)).not.toBeInTheDocument();
  });

  it('names the method and shows "too early to decide" while the sample is small; the winner cannot be applied yet', async () => {
    mockBackend({ 'GET /experiments': ok([experiment()]) });
    renderWithProviders(<ExperimentsCard />);
    expect(await screen.findByText(/Bayesian beta-binomial/)).toBeInTheDocument();
    expect(await screen.findByText('Too early to decide')).toBeInTheDocument();
    expect(screen.getByTestId('variant-2-probability')).toHaveTextContent('too early to decide');
    expect(screen.getByRole('button', { name: 'Apply the winner (too early)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows each conversion with its interval and the probability B beats A, and applies the winner in one click', async () => {
    const api = mockBackend({
      'GET /experiments': ok([decided]),
      'POST /experiments/:id/apply': ok(experiment({ ...decided, status: 'stopped', appliedVariantId: 2 })),
    });
    renderWithProviders(<ExperimentsCard />);
    expect(await screen.findByTestId('variant-2-probability')).toHaveTextContent('Probability to beat A: 98.2%');
    expect(screen.getByTestId('variant-1-rate')).toHaveTextContent('5%');
    expect(screen.getByTestId('variant-1-rate')).toHaveTextContent('95% interval 3.9%–6.4%');
    expect(screen.queryByText('Too early to decide')).not.toBeInTheDocument();
    expect(screen.getByText('Layout: Multiple columns')).toBeInTheDocument();
    expect(screen.getByText('Winner: B, with a 98.2% probability of converting better.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply the winner (B)' }));
    await waitFor(() => expect(api.callsTo('POST /experiments/:id/apply')).toHaveLength(1));
    expect(api.callsTo('POST /experiments/:id/apply')[0]).toMatchObject({
      pathParams: { id: '7' },
      body: { variantId: 2 },
    });
    // The list is asked again (cache tags).
    await waitFor(() => expect(api.callsTo('GET /experiments').length).toBeGreaterThan(1));
  });

  it("says when no variant is a clear winner yet (below 95 %) and offers the leader only as the merchant's call", async () => {
    const ahead = experiment({
      sampleTooSmall: false,
      variants: [
        variant(1, { impressions: 2170, conversions: 47, conversionRate: 0.0217 }),
        variant(2, { impressions: 2221, conversions: 55, conversionRate: 0.0248, probabilityToBeatControl: 0.751 }),
      ],
    });
    const api = mockBackend({
      'GET /experiments': ok([ahead]),
      'POST /experiments/:id/apply': ok(experiment({ ...ahead, status: 'stopped', appliedVariantId: 2 })),
    });
    renderWithProviders(<ExperimentsCard />);
    expect(
      await screen.findByText(
        /^No clear winner yet: B is ahead with a 75.1% probability of converting better; a winner needs 95%/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apply the winner/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply B anyway' }));
    await waitFor(() => expect(api.callsTo('POST /experiments/:id/apply')).toHaveLength(1));
    expect(api.callsTo('POST /experiments/:id/apply')[0].body).toEqual({ variantId: 2 });
  });

  it('creates a test for a look, sets the split and starts it', async () => {
    const draft = experiment({
      status: 'draft',
      startedAt: null,
      variants: [variant(1, { split: 70 }), variant(2, { split: 30, name: 'Grid' })],
    });
    let list: Experiment[] = [];
    const api = mockBackend({
      'GET /experiments': () => ok(list),
      'POST /experiments': () => {
        list = [draft];
        return ok(draft, 201);
      },
      'PATCH /experiments/:id': (call) => ok(experiment({ ...draft, status: call.body.status ?? 'draft' })),
    });
    renderWithProviders(<ExperimentsCard lookId={3} images={['/files/a.jpg', '/files/b.jpg']} />);
    await userEvent.clear(await screen.findByLabelText('Name of variant B'));
    await userEvent.type(screen.getByLabelText('Name of variant B'), 'Grid');
    await userEvent.selectOptions(screen.getByLabelText('Image of variant B'), 'Image 2');
    await userEvent.selectOptions(screen.getByLabelText('Layout of variant B'), 'multi_col');
    const split = screen.getByLabelText('Shoppers seeing Grid');
    await userEvent.clear(split);
    await userEvent.type(split, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Create A/B test' }));
    await waitFor(() => expect(api.callsTo('POST /experiments')).toHaveLength(1));
    expect(api.callsTo('POST /experiments')[0].body).toEqual({
      lookId: 3,
      split: 30,
      variant: { name: 'Grid', imageUrl: '/files/b.jpg', template: 'multi_col' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    await waitFor(() => expect(api.callsTo('PATCH /experiments/:id')).toHaveLength(1));
    expect(api.callsTo('PATCH /experiments/:id')[0].body).toEqual({ status: 'running' });
  });

  it.each(['0', '100', '12.5', ''])(
    'refuses the split %p under the field, in the interface language, and sends nothing',
    async (typed) => {
      const api = mockBackend({
        'GET /experiments': ok([]),
        'POST /experiments': ok(experiment({ status: 'draft' }), 201),
      });
      renderWithProviders(<ExperimentsCard lookId={3} images={['/files/a.jpg']} />, {
        locale: 'de',
        messages: { ...en, ...de },
      });
      await userEvent.selectOptions(await screen.findByLabelText('Bild der Variante B'), 'Bild 1');
      const split = screen.getByLabelText('Kunden, die B sehen');
      await userEvent.clear(split);
      if (typed) await userEvent.type(split, typed);
      await userEvent.click(screen.getByRole('button', { name: 'A/B-Test erstellen' }));
      expect(await screen.findByText('Gib eine ganze Zahl von 1 bis 99 ein.')).toBeInTheDocument();
      expect(split).toHaveAttribute('aria-invalid', 'true');
      expect(api.callsTo('POST /experiments')).toEqual([]);
      // Corrected, the error goes and the test is created, the call naming the language.
      await userEvent.clear(split);
      await userEvent.type(split, '99');
      expect(screen.queryByText('Gib eine ganze Zahl von 1 bis 99 ein.')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'A/B-Test erstellen' }));
      await waitFor(() => expect(api.callsTo('POST /experiments')).toHaveLength(1));
      expect(api.callsTo('POST /experiments')[0].body).toMatchObject({ split: 99 });
    },
  );

  it('shows a refused creation as sentences: the message and each field error, as the server words them', async () => {
    mockBackend({
      'GET /experiments': ok([]),
      'POST /experiments': fail(400, 'Einige Felder sind ungültig.', {
        code: 'validation_failed',
        errors: {
          'variant.name': 'Name der Variante B ist ein Pflichtfeld',
          variant: 'Die Variante muss ein anderes Bild oder ein anderes Layout als der Look zeigen.',
        },
      }),
    });
    renderWithProviders(<ExperimentsCard lookId={3} images={['/files/a.jpg']} />, {
      locale: 'de',
      messages: { ...en, ...de },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'A/B-Test erstellen' }));
    expect(
      await screen.findByText(
        'Einige Felder sind ungültig. Name der Variante B ist ein Pflichtfeld. Die Variante muss ein anderes Bild oder ein anderes Layout als der Look zeigen.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses an out-of-range split of a draft test before saving it', async () => {
    const api = mockBackend({ 'GET /experiments': ok([experiment({ status: 'draft' })]) });
    renderWithProviders(<ExperimentsCard />);
    const split = await screen.findByLabelText('Shoppers seeing B');
    await userEvent.clear(split);
    await userEvent.type(split, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save split' }));
    expect(await screen.findByText('Enter a whole number from 1 to 99.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /experiments/:id')).toEqual([]);
  });

  it("shows the server's translated message when a start is refused", async () => {
    mockBackend({
      'GET /experiments': ok([experiment({ status: 'draft' })]),
      'PATCH /experiments/:id': fail(409, 'Another A/B test of this look is running. Stop it first.'),
    });
    renderWithProviders(<ExperimentsCard lookId={3} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    expect(await screen.findByText(/Another A\/B test of this look is running/)).toBeInTheDocument();
  });
});
