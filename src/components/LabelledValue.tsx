import type { ReactNode } from 'react';
import { InlineStack, Text } from '@shopify/polaris';

/** A figure on a line of its own: its label on the left (subdued), its value on the right, bold when `strong`. */
export function LabelledValue({
  label,
  value,
  strong = false,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
}) {
  return (
    <InlineStack align="space-between" gap="200" wrap={false}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" numeric fontWeight={strong ? 'semibold' : undefined}>
        {value}
      </Text>
    </InlineStack>
  );
}
