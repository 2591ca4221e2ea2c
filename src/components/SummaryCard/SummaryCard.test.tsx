import { screen } from '@testing-library/react';
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
    renderWithProviders(<StatCards stats={{ addToCartRevenue: 1234.5, looksCount: 4, orderGenerated: 17 }} loading={false} currency="EUR" />);
    expect(screen.getByText('€1,234.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4 Looks' })).toHaveAttribute('href', '/looks');
    expect(screen.getByText('17')).toBeInTheDocument();
  });

  it('shows zeros without stats', () => {
    renderWithProviders(<StatCards loading={false} currency="USD" />);
    expect(screen.getAllByText('0')).toHaveLength(3);
  });
});
