import { InlineGrid } from '@shopify/polaris';
import { CartIcon, CollectionIcon, OrderIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import type { Stats } from '../../contracts/analytics';
import { SummaryCard } from './SummaryCard';
import { useMoney } from './useMoney';

/** The three stat cards of the dashboard and analytics (SPEC §2). */
export function StatCards({ stats, loading, currency }: { stats?: Stats; loading: boolean; currency: string }) {
  const intl = useIntl();
  const money = useMoney(currency);
  return (
    <InlineGrid columns={{ xs: 1, sm: 3 }} gap="400">
      <SummaryCard
        icon={CartIcon}
        title={intl.formatMessage({ id: 'SummaryCard.addToCartRevenue' })}
        value={stats ? money(stats.addToCartRevenue) : undefined}
        loading={loading}
      />
      <SummaryCard
        icon={CollectionIcon}
        title={intl.formatMessage({ id: 'SummaryCard.looksCount' })}
        value={stats ? intl.formatNumber(stats.looksCount ?? 0) : undefined}
        url="/looks"
        loading={loading}
      />
      <SummaryCard
        icon={OrderIcon}
        title={intl.formatMessage({ id: 'SummaryCard.ordersGenerated' })}
        value={stats ? intl.formatNumber(stats.orderGenerated ?? 0) : undefined}
        loading={loading}
      />
    </InlineGrid>
  );
}
