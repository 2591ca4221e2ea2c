import { screen } from '@testing-library/react';
import { Form } from 'react-final-form';
import fr from '../../../../translations/fr.json';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { DiscountSection } from './DiscountSection';

function renderSection(type: 'fixed' | 'percentage', options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <Form onSubmit={() => undefined} initialValues={{ discount: { enabled: true, type, value: 10, label: 'Bundle', discountText: '' } }}>
      {() => <DiscountSection />}
    </Form>,
    options,
  );
}

describe('DiscountSection', () => {
  it("a fixed amount's field shows the shop currency as the language writes it; a percentage shows %", () => {
    const { unmount } = renderSection('fixed', { shop: { currency: 'USD' } });
    expect(screen.getByText('$')).toBeInTheDocument();
    unmount();
    const french = renderSection('fixed', { shop: { currency: 'USD' }, locale: 'fr', messages: fr });
    expect(screen.getByText('$US')).toBeInTheDocument();
    french.unmount();
    renderSection('percentage');
    expect(screen.getByText('%')).toBeInTheDocument();
  });
});
