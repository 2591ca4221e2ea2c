import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'react-final-form';
import fr from '../../../../translations/fr.json';
import de from '../../../../translations/de.json';
import { makeValidate } from '../../../components/form';
import type { LookDiscount } from '../../../contracts/looks';
import { lookFormSchema } from '../../../contracts/looks.schema';
import { boosterSettings, storedLook } from '../../../test/fixtures';
import { mockBackend, ok } from '../../../test/fakeBackend';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { DiscountSection, loadDiscountDetails } from './DiscountSection';

const discount = (over: Partial<LookDiscount> = {}): LookDiscount => ({
  enabled: true,
  type: 'percentage',
  value: 10,
  label: 'Bundle',
  discountText: '',
  tiers: [],
  ...over,
});

function renderSection(
  initial: Partial<LookDiscount>,
  options: Parameters<typeof renderWithProviders>[1] & { productDiscounts?: boolean } = {},
) {
  const backend = mockBackend({
    'GET /booster': ok(
      boosterSettings({
        bundleDiscountCombinesWith: {
          productDiscounts: options.productDiscounts ?? false,
          orderDiscounts: true,
          shippingDiscounts: true,
        },
      }),
    ),
  });
  let submitted: unknown = null;
  // The look's other values, so the schema checks the tiers against the look's three products.
  const [first] = storedLook().relatedItems;
  const look = storedLook({ relatedItems: [first, { ...first, itemId: 'gid://shopify/Product/3', order: 1 }] });
  const view = renderWithProviders(
    <Form
      onSubmit={(values) => {
        submitted = values;
      }}
      validate={makeValidate(lookFormSchema)}
      initialValues={{ ...look, discount: discount(initial) }}
    >
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <DiscountSection />
          <button type="submit">Save</button>
        </form>
      )}
    </Form>,
    options,
  );
  return { ...view, backend, submitted: () => submitted };
}

describe('DiscountSection', () => {
  // Its details are a chunk of their own (as the edit page does, routes.tsx): loaded before rendering.
  beforeAll(() => loadDiscountDetails());

  it('without a discount only its box shows; checking it shows the details', async () => {
    renderSection({ enabled: false });
    expect(screen.queryByLabelText('Discount value')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Offer a discount when the look is bought together'));
    expect(await screen.findByLabelText('Discount value')).toHaveValue(10);
    expect(screen.getByRole('button', { name: 'Add tier' })).toBeInTheDocument();
  });

  it("a fixed amount's field shows the shop currency as the language writes it; a percentage shows %", () => {
    const { unmount } = renderSection({ type: 'fixed' }, { shop: { currency: 'USD' } });
    expect(screen.getAllByText('$').length).toBeGreaterThan(0);
    unmount();
    const french = renderSection({ type: 'fixed' }, { shop: { currency: 'USD' }, locale: 'fr', messages: fr });
    expect(screen.getAllByText('$US').length).toBeGreaterThan(0);
    french.unmount();
    renderSection({ type: 'percentage' });
    expect(screen.getAllByText('%').length).toBeGreaterThan(0);
  });

  it('adds tier rows (one item and five points more each), at most four, removes one, and saves them', async () => {
    const view = renderSection({ value: 20 });
    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    expect(screen.getAllByLabelText('Items').map((i) => (i as HTMLInputElement).value)).toEqual(['2', '3']);
    expect(screen.getAllByLabelText('Tier discount').map((i) => (i as HTMLInputElement).value)).toEqual(['10', '15']);
    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    expect(screen.queryByRole('button', { name: 'Add tier' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove tier 3' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect((view.submitted() as { discount: LookDiscount }).discount.tiers).toEqual([
      { quantity: 2, percentage: 10 },
      { quantity: 3, percentage: 15 },
    ]);
  });

  it('says what the shopper gets: the complete look, each tier, the next tier and that it does not combine', async () => {
    renderSection({
      value: 15,
      tiers: [
        { quantity: 2, percentage: 10 },
        { quantity: 3, percentage: 12 },
      ],
    });
    expect(screen.getByText('Save 15 % when you buy the complete look')).toBeInTheDocument();
    expect(screen.getByText('Buy 2, save 10 %')).toBeInTheDocument();
    expect(screen.getByText('Buy 3, save 12 %')).toBeInTheDocument();
    expect(screen.getByText(/With 2 items of the look in the cart: Add 1 more for 12 %/)).toBeInTheDocument();
    expect(await screen.findByText('Not combinable with other product discounts')).toBeInTheDocument();
  });

  it('in German, with a fixed amount, and no combinations line when the booster lets the bundle combine', async () => {
    const view = renderSection(
      { type: 'fixed', value: 5, tiers: [{ quantity: 2, percentage: 10 }] },
      { locale: 'de', messages: de, shop: { currency: 'EUR' }, productDiscounts: true },
    );
    expect(screen.getByText(/^Spare 5,00\s€, wenn du den kompletten Look kaufst$/)).toBeInTheDocument();
    expect(screen.getByText('Kaufe 2, spare 10 %')).toBeInTheDocument();
    expect(screen.getByText(/Mit 1 Artikel des Looks im Warenkorb: Noch 1 Artikel mehr für 10 %/)).toBeInTheDocument();
    await waitFor(() => expect(view.backend.callsTo('GET /booster')).toHaveLength(1));
    expect(screen.queryByText('Nicht mit anderen Produktrabatten kombinierbar')).toBeNull();
  });

  it('shows the translated errors of tiers that do not increase or ask for more items than the look has', async () => {
    const view = renderSection({
      tiers: [
        { quantity: 3, percentage: 15 },
        { quantity: 4, percentage: 10 },
      ],
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(view.submitted()).toBeNull();
    const section = within(view.container);
    expect(section.getByText('Items can be at most 3 items: the look has no more products')).toBeInTheDocument();
    expect(section.getByText('Tier discount must be more than in the tier before')).toBeInTheDocument();
  });
});
