import { Badge, Banner, BlockStack, Card, InlineStack, Link, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useGetSoldOutLooksQuery } from './dashboardApi';

/**
 * The looks with sold-out items (issue 28 §4), each linking to its form, with the sold-out items named and
 * whether the storefront shows an alternative instead. Nothing while no look has a sold-out item.
 */
export function SoldOutLooksCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const soldOut = useGetSoldOutLooksQuery(undefined, { refetchOnMountOrArgChange: 60 });
  if (soldOut.isError && !soldOut.isFetching) {
    return (
      <Card>
        <Banner
          tone="critical"
          action={{ content: t('General.actions.retry'), onAction: () => void soldOut.refetch() }}
        >
          {t('Dashboard.soldOut.loadError')}
        </Banner>
      </Card>
    );
  }
  const looks = soldOut.data?.looks ?? [];
  if (!looks.length) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('Dashboard.soldOut.title', { count: looks.length })}
        </Text>
        <Text as="p" tone="subdued">
          {t('Dashboard.soldOut.description')}
        </Text>
        <BlockStack gap="200" as="ul">
          {looks.map((look) => (
            <li key={look.id} data-testid="sold-out-look" style={{ listStyle: 'none' }}>
              <BlockStack gap="050">
                <InlineStack gap="200" blockAlign="center">
                  <Link url={`/looks/edit/${look.id}`}>{look.title}</Link>
                  {!look.active && <Badge>{t('Dashboard.soldOut.draft')}</Badge>}
                </InlineStack>
                <Text as="p" variant="bodySm" tone="subdued">
                  {intl.formatList(
                    look.items.map((item) =>
                      item.alternative ? t('Dashboard.soldOut.withAlternative', { title: item.title }) : item.title,
                    ),
                    { type: 'conjunction' },
                  )}
                </Text>
              </BlockStack>
            </li>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
