import { BlockStack, Card, SkeletonBodyText, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { FormCheckbox } from '../../../components/form';
import { lazyOnce } from '../../../components/lazyOnce';

/**
 * The discount's fields, tiers and summary, loaded once the look offers a discount (a new look's
 * first load does not carry them); the edit page preloads them with its chunk (LookEditPage's `preload`).
 */
const details = lazyOnce(() => import(/* webpackChunkName: "discount-details" */ './DiscountDetails'));
export const loadDiscountDetails = details.load;

/** Discount: whether the look offers one, then its details (DiscountDetails). */
export function DiscountSection() {
  const intl = useIntl();
  const enabled = useField<boolean>('discount.enabled', { subscription: { value: true } }).input.value;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {intl.formatMessage({ id: 'Looks.discount.title' })}
        </Text>
        <FormCheckbox name="discount.enabled" label={intl.formatMessage({ id: 'Looks.discount.enabled' })} />
        {enabled && <details.Slot fallback={<SkeletonBodyText lines={6} />} />}
      </BlockStack>
    </Card>
  );
}
