import { Badge, Banner, BlockStack, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { LookFormValues } from '../../../contracts/looks';

/** The look's products the platform deleted (by the detail response's `deletedProducts`), named with a badge. */
export function DeletedProductsBanner({
  look,
  deletedProducts,
}: {
  look: Pick<LookFormValues, 'mainProduct' | 'relatedItems'>;
  deletedProducts?: string[];
}) {
  const intl = useIntl();
  if (!deletedProducts?.length) return null;
  const deleted = new Set(deletedProducts);
  const titles = new Map<string, string>();
  for (const product of [look.mainProduct, ...look.relatedItems]) {
    if (deleted.has(product.itemId) && !titles.has(product.itemId))
      titles.set(product.itemId, product.title || product.itemId);
  }
  const badge = intl.formatMessage({ id: 'Looks.productDeleted.badge' });
  return (
    <Banner tone="warning" title={intl.formatMessage({ id: 'Looks.productDeleted.title' }, { count: deleted.size })}>
      <BlockStack gap="200">
        <Text as="p">{intl.formatMessage({ id: 'Looks.productDeleted.description' })}</Text>
        {[...titles].map(([id, title]) => (
          <InlineStack key={id} gap="200" blockAlign="center">
            <Text as="span" fontWeight="semibold">
              {title}
            </Text>
            <Badge tone="critical">{badge}</Badge>
          </InlineStack>
        ))}
      </BlockStack>
    </Banner>
  );
}
