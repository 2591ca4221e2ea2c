import type { ReactNode } from 'react';
import { BlockStack, Card, Icon, InlineStack, Link, SkeletonDisplayText, Text, type IconProps } from '@shopify/polaris';

export interface SummaryCardProps {
  icon: IconProps['source'];
  title: string;
  /** Missing values show 0. */
  value?: ReactNode;
  /** The value becomes a link (in-app path or URL). */
  url?: string;
  loading?: boolean;
}

/** SPEC §2 summary card: icon, title and value; loading shows a skeleton exactly as tall as the value (no layout shift). */
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
          // The value's own line box (a hidden "0") keeps the card's height; the skeleton sits on it.
          <div data-testid="summary-card-skeleton" style={{ position: 'relative' }}>
            <Text as="p" variant="heading2xl">
              <span style={{ visibility: 'hidden' }}>0</span>
            </Text>
            <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center' }}>
              <div style={{ flex: 1 }}>
                <SkeletonDisplayText size="small" />
              </div>
            </div>
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
