import { Link, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { AnalyticsOrderRow } from '../../contracts/analytics';

// An order's links, shared by its phone list (OrdersTable) and its table (OrdersIndexTable, a chunk of its own).

/** The product on the storefront, or a dash. */
export function ProductLink({ row }: { row: AnalyticsOrderRow }) {
  const intl = useIntl();
  return row.productStoreFrontLink ? (
    <Link url={row.productStoreFrontLink} external target="_blank">
      {intl.formatMessage({ id: 'Analytics.orders.viewProduct' })}
    </Link>
  ) : (
    <Text as="span" tone="subdued">
      —
    </Text>
  );
}

/** The look's form, or a dash. */
export function LookLink({ row }: { row: AnalyticsOrderRow }) {
  const intl = useIntl();
  return row.productLookId ? (
    <Link url={`/looks/edit/${row.productLookId}`}>{intl.formatMessage({ id: 'Analytics.orders.viewLook' })}</Link>
  ) : (
    <Text as="span" tone="subdued">
      —
    </Text>
  );
}
