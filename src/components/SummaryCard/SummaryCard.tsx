import type { ReactNode } from 'react';
import { BlockStack, Card, Icon, InlineStack, Link, SkeletonBodyText, Text, type IconProps } from '@shopify/polaris';

export interface SummaryCardProps {
  icon: IconProps['source'];
  title: string;
  /** Missing values show 0. */
  value?: ReactNode;
  /** The value becomes a link (in-app path or URL). */
  url?: string;
  loading?: boolean;
}

/** SPEC §2 summary card: icon, title and value; loading shows a three-line skeleton. */
export function SummaryCard({ icon, title, value, url, loading = false }: SummaryCardProps) {
  const shown = value === undefined || value === null || value === '' ? 0 : value;
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <span aria-hidden>
            <Icon source={icon} tone="subdued" />
          </span>
          <Text as="h3" variant="headingSm" tone="subdued">
            {title}
          </Text>
        </InlineStack>
        {loading ? (
          <div data-testid="summary-card-skeleton">
            <SkeletonBodyText lines={3} />
          </div>
        ) : (
          <Text as="p" variant="heading2xl">
            {url ? (
              <Link url={url} removeUnderline monochrome>
                {shown}
              </Link>
            ) : (
              shown
            )}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
