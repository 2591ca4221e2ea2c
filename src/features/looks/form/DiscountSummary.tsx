import { BlockStack, Box, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { nextTierFor, type LookDiscountTier } from '../../../contracts/looks';
import { useGetBoosterQuery } from '../../booster';
import { useShop } from '../../shop';

const NO_TIERS: LookDiscountTier[] = [];

/**
 * What the shopper gets, as the storefront block says it: the complete look's saving, each tier, the
 * next-tier line (for a shopper who has met the first tier), and whether the bundle combines with other
 * product discounts (the booster's choice, bundleDiscountCombinesWith).
 */
export function DiscountSummary() {
  const intl = useIntl();
  const { currency } = useShop();
  const type = useField<string>('discount.type', { subscription: { value: true } }).input.value;
  const value = Number(useField<number>('discount.value', { subscription: { value: true } }).input.value) || 0;
  const tiers = (
    useField<LookDiscountTier[]>('discount.tiers', { subscription: { value: true } }).input.value || NO_TIERS
  ).filter((tier) => Number(tier?.quantity) >= 2 && Number(tier?.percentage) > 0);
  const { data: booster } = useGetBoosterQuery();
  const lines: string[] = [];
  if (value > 0) {
    lines.push(
      type === 'fixed'
        ? intl.formatMessage(
            { id: 'Looks.discount.preview.completeAmount' },
            { price: intl.formatNumber(value, { style: 'currency', currency }) },
          )
        : intl.formatMessage({ id: 'Looks.discount.preview.complete' }, { percent: value }),
    );
  }
  for (const tier of tiers)
    lines.push(
      intl.formatMessage(
        { id: 'Looks.discount.preview.tier' },
        { count: Number(tier.quantity), percent: Number(tier.percentage) },
      ),
    );
  // The next-tier line as a shopper sees it with the first tier met (or one item short of the only tier).
  const example = tiers.length > 1 ? Number(tiers[0].quantity) : tiers.length ? Number(tiers[0].quantity) - 1 : 0;
  const next = tiers.length ? nextTierFor(tiers, example) : null;
  const notCombinable = booster?.bundleDiscountCombinesWith?.productDiscounts === false;
  if (!lines.length) return null;
  return (
    <Box padding="300" background="bg-surface-secondary" borderRadius="200">
      <BlockStack gap="100">
        <Text as="h3" variant="headingSm">
          {intl.formatMessage({ id: 'Looks.discount.preview.title' })}
        </Text>
        {lines.map((line) => (
          <Text as="p" key={line}>
            {line}
          </Text>
        ))}
        {next && (
          <Text as="p" tone="subdued">
            {intl.formatMessage({ id: 'Looks.discount.preview.nextExample' }, { count: example })}{' '}
            {intl.formatMessage(
              { id: 'Looks.discount.preview.next' },
              { count: next.missing, percent: next.percentage },
            )}
          </Text>
        )}
        {notCombinable && (
          <Text as="p" tone="caution">
            {intl.formatMessage({ id: 'Looks.discount.preview.notCombinable' })}
          </Text>
        )}
      </BlockStack>
    </Box>
  );
}
