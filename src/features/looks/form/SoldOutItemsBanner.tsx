import { Badge, Banner, BlockStack, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { LookFormValues } from '../../../contracts/looks';

/**
 * The look's items that are sold out (the detail response's `soldOutProducts`): each named with a badge
 * and whether the storefront shows its alternative instead; the merchant may choose one per item.
 */
export function SoldOutItemsBanner({
  look,
  soldOutProducts,
}: {
  look: Pick<LookFormValues, 'relatedItems'>;
  soldOutProducts?: string[];
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (!soldOutProducts?.length) return null;
  const soldOut = new Set(soldOutProducts);
  const items = look.relatedItems.filter((item) => soldOut.has(item.itemId));
  if (!items.length) return null;
  return (
    <Banner tone="warning" title={t('Looks.soldOut.title', { count: items.length })}>
      <BlockStack gap="200">
        <Text as="p">{t('Looks.soldOut.description')}</Text>
        {items.map((item) => (
          <InlineStack key={item.itemId} gap="200" blockAlign="center">
            <Text as="span" fontWeight="semibold">
              {item.title || item.itemId}
            </Text>
            <Badge tone="attention">{t('Looks.soldOut.badge')}</Badge>
            {item.alternative && (
              <Text as="span" tone="subdued">
                {t('Looks.alternative.chosen', { title: item.alternative.title || item.alternative.itemId })}
              </Text>
            )}
          </InlineStack>
        ))}
      </BlockStack>
    </Banner>
  );
}
