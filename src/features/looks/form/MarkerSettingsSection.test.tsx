import { fireEvent, screen } from '@testing-library/react';
import { Form } from 'react-final-form';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { LookFormValues, LookRelatedItem } from '../../../contracts/looks';
import { MarkerSettingsSection } from './MarkerSettingsSection';

const item = (n: number, title: string, markerX: number, markerY: number): LookRelatedItem => ({
  itemId: `gid://shopify/Product/${n}`,
  title,
  image: '',
  order: n,
  type: 'product',
  markerX,
  markerY,
});

function renderSection() {
  const initialValues = {
    mainProduct: { itemId: 'gid://shopify/Product/1', title: 'Jacket', image: '' },
    relatedItems: [item(2, 'Chino Pants', 30, 35), item(3, 'Belt', 50, 50)],
    markerColor: '1A1A1A',
  } as Partial<LookFormValues>;
  return renderWithProviders(
    <Form<LookFormValues> onSubmit={() => undefined} initialValues={initialValues}>
      {() => <MarkerSettingsSection />}
    </Form>,
  );
}

describe('MarkerSettingsSection', () => {
  it("names each item's sliders after its marker and item, keeping the short visible label", async () => {
    renderSection();
    // The sliders are a chunk of their own (MarkerPlacement), loaded once the look has a related item.
    const names = (await screen.findAllByRole('slider', {}, { timeout: 5000 })).map((s) =>
      s.getAttribute('aria-label'),
    );
    expect(names).toEqual([
      'Horizontal position (X), marker 1: Chino Pants',
      'Vertical position (Y), marker 1: Chino Pants',
      'Horizontal position (X), marker 2: Belt',
      'Vertical position (Y), marker 2: Belt',
    ]);
    expect(new Set(names).size).toBe(names.length);
    const beltY = screen.getByRole('slider', { name: 'Vertical position (Y), marker 2: Belt' });
    expect(beltY).toHaveValue('50');
    // The visible label stays short, and the name contains it (label in name).
    expect(document.querySelector(`label[for="${beltY.id}"]`)).toHaveTextContent(/^Vertical position \(Y\)$/);
    // The slider still edits its own item.
    fireEvent.change(beltY, { target: { value: '80' } });
    expect(screen.getByRole('slider', { name: 'Vertical position (Y), marker 2: Belt' })).toHaveValue('80');
    expect(screen.getByRole('slider', { name: 'Vertical position (Y), marker 1: Chino Pants' })).toHaveValue('35');
  });
});
