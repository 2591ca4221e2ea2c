import type { ReactNode } from 'react';
import { BlockStack, Card, Icon, InlineStack, Link, Text, type IconProps } from '@shopify/polaris';
import { ValueLineSkeleton } from './ValueLineSkeleton';

export interface SummaryCardProps {
  icon: IconProps['source'];
  title: string;
  /** Missing values show 0. */
  value?: ReactNode;
  /** The value becomes a link (in-app path or URL). */
  url?: string;
  loading?: boolean;
  /** A line under the value (e.g. the net revenue beside the orders). */
  detail?: ReactNode;
}

/** SPEC §2 summary card: icon, title and value; loading shows a skeleton exactly as tall as the value (no layout shift). */
export function SummaryCard({ icon, title, value, url, loading = false, detail }: SummaryCardProps) {
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
          <ValueLineSkeleton variant="heading2xl" testId="summary-card-skeleton" />
        ) : (
          <Text as="p" variant="heading2xl">
            {url ? (
              <Link url={url} removeUnderline monochrome>
                {shown}
                {/* The link's name says what the figure is ("5 Looks"), not just "5". */}
                <Text as="span" visuallyHidden>
                  {` ${title}`}
                </Text>
              </Link>
            ) : (
              shown
            )}
          </Text>
        )}
        {!loading && detail}
      </BlockStack>
    </Card>
  );
}
