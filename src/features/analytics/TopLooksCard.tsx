import { BlockStack, Card, Link, SkeletonBodyText, Text } from '@shopify/polaris';
import type { LookRef } from '../../contracts/analytics';

/** A ranked list of looks, each linking to its edit page. */
export function TopLooksCard({
  title,
  looks,
  loading,
  emptyText,
  testId,
}: {
  title: string;
  looks?: LookRef[];
  loading: boolean;
  emptyText: string;
  testId: string;
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {loading && !looks ? (
          <SkeletonBodyText lines={3} />
        ) : looks && looks.length ? (
          <ol style={{ margin: 0, paddingInlineStart: 20, display: 'grid', gap: 8 }} data-testid={testId}>
            {looks.map((look) => (
              <li key={look.id}>
                <Link url={`/looks/edit/${look.id}`}>{look.title}</Link>
              </li>
            ))}
          </ol>
        ) : (
          <Text as="p" tone="subdued">
            {emptyText}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
