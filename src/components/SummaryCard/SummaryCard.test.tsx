import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartIcon } from '@shopify/polaris-icons';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SummaryCard } from './SummaryCard';
import { StatCards } from './StatCards';

describe('SummaryCard', () => {
  it('shows icon, title and value', () => {
    const { container } = renderWithProviders(<SummaryCard icon={CartIcon} title="Revenue" value="$12.00" />);
    expect(screen.getByRole('heading', { name: 'Revenue' })).toBeInTheDocument();
    expect(screen.getByText('$12.00')).toBeInTheDocument();
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it('shows 0 when the value is missing', () => {
    renderWithProviders(<SummaryCard icon={CartIcon} title="Orders" />);
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('keeps a real 0', () => {
    renderWithProviders(<SummaryCard icon={CartIcon} title="Orders" value={0} />);
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('renders the value as a link when given a url', () => {
    renderWithProviders(<SummaryCard icon={CartIcon} title="Looks" value={4} url="/looks" />);
    expect(screen.getByRole('link', { name: '4 Looks' })).toHaveAttribute('href', '/looks');
  });

  it('loading shows a skeleton on the line box of the value (as tall as the value: no layout shift)', () => {
    renderWithProviders(<SummaryCard icon={CartIcon} title="Looks" value={4} loading />);
    const skeleton = screen.getByTestId('summary-card-skeleton');
    expect(skeleton.querySelectorAll('.Polaris-SkeletonDisplayText__DisplayText')).toHaveLength(1);
    expect(skeleton.querySelector('p.Polaris-Text--heading2xl')).not.toBeNull();
    expect(screen.queryByText('4')).toBeNull();
  });
});

describe('StatCards', () => {
  it('formats money in the shop currency and links the looks count', () => {
    renderWithProviders(
      <StatCards
        stats={{ addToCartRevenue: 1234.5, looksCount: 4, orderGenerated: 17 }}
        loading={false}
        currency="EUR"
      />,
    );
    expect(screen.getByText('€1,234.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4 Looks' })).toHaveAttribute('href', '/looks');
    expect(screen.getByText('17')).toBeInTheDocument();
  });

  it('says the net revenue of the orders, with the gross figure and what refunds took back on hover', async () => {
    renderWithProviders(
      <StatCards
        stats={{
          addToCartRevenue: 0,
          looksCount: 1,
          orderGenerated: 3,
          generatedRevenue: 65,
          grossRevenue: 145,
          refundedRevenue: 80,
        }}
        loading={false}
        currency="USD"
      />,
    );
    const net = screen.getByText('Net revenue: $65.00');
    expect(net).toBeInTheDocument();
    expect(net.closest('p')).toHaveTextContent('Net revenue: $65.00 (Ordered $145.00, refunded or cancelled $80.00)');
    await userEvent.hover(net);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Ordered $145.00, refunded or cancelled $80.00');
  });

  it('shows no revenue line while the stats carry none', () => {
    renderWithProviders(
      <StatCards stats={{ addToCartRevenue: 0, looksCount: 1, orderGenerated: 3 }} loading={false} currency="USD" />,
    );
    expect(screen.queryByText(/Net revenue/)).toBeNull();
  });

  it('shows zeros without stats', () => {
    renderWithProviders(<StatCards loading={false} currency="USD" />);
    expect(screen.getAllByText('0')).toHaveLength(3);
  });
});
