import { Badge, BlockStack, InlineStack, Link, Text } from '@shopify/polaris';
import { FormattedNumber, useIntl } from 'react-intl';
import type { FunnelRow } from './funnel';

// The funnel's cells, shared by its phone list (FunnelCard) and its table (FunnelTable, a chunk of its own).

/** A share as a percentage (one decimal), or a dash when there is nothing to divide by. */
export function Rate({ value }: { value: number | null }) {
  return value === null ? <>—</> : <FormattedNumber value={value} style="percent" maximumFractionDigits={1} />;
}

/** The look's title, linked to its form, and whether it shows a generated image. */
export function LookTitle({ row }: { row: FunnelRow }) {
  const intl = useIntl();
  return (
    <InlineStack gap="200" blockAlign="center" wrap>
      <Link url={`/looks/edit/${row.lookId}`} removeUnderline>
        {row.title}
      </Link>
      {row.usesGeneratedImage && <Badge tone="info">{intl.formatMessage({ id: 'Analytics.funnel.aiImage' })}</Badge>}
    </InlineStack>
  );
}

/** A step's count with its rate from the step before. */
export function Step({ count, rate }: { count: number; rate: number | null }) {
  return (
    <BlockStack inlineAlign="end">
      <Text as="span" numeric>
        <FormattedNumber value={count} />
      </Text>
      <Text as="span" numeric tone="subdued" variant="bodySm">
        <Rate value={rate} />
      </Text>
    </BlockStack>
  );
}
