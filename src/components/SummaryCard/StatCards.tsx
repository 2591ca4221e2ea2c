import { InlineGrid, Text, Tooltip } from '@shopify/polaris';
import { CartIcon, CollectionIcon, OrderIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import type { Stats } from '../../contracts/analytics';
import { SummaryCard } from './SummaryCard';
import { useMoney } from './useMoney';

/**
 * The three stat cards of the dashboard and analytics (SPEC §2). The orders card says the revenue they
 * brought, net of refunds and cancellations; its tooltip (and the accessible name) gives the gross
 * figure and what refunds and cancellations took back.
 */
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
        detail={stats?.generatedRevenue !== undefined ? <NetRevenue stats={stats} money={money} /> : undefined}
      />
    </InlineGrid>
  );
}

function NetRevenue({ stats, money }: { stats: Stats; money: (value: number) => string }) {
  const intl = useIntl();
  const net = stats.generatedRevenue ?? 0;
  const breakdown = intl.formatMessage(
    { id: 'SummaryCard.revenueBreakdown' },
    { gross: money(stats.grossRevenue ?? net), refunded: money(stats.refundedRevenue ?? 0) },
  );
  return (
    <Tooltip content={breakdown}>
      <Text as="p" tone="subdued" variant="bodyMd">
        {intl.formatMessage({ id: 'SummaryCard.netRevenue' }, { amount: money(net) })}
        <Text as="span" visuallyHidden>{` (${breakdown})`}</Text>
      </Text>
    </Tooltip>
  );
}
