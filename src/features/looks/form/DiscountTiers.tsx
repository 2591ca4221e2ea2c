import { BlockStack, Button, InlineStack, Text, Box } from '@shopify/polaris';
import { DeleteIcon, PlusIcon } from '@shopify/polaris-icons';
import { useField, useForm } from 'react-final-form';
import { useIntl } from 'react-intl';
import { FormTextField } from '../../../components/form';
import {
  MAX_DISCOUNT_TIERS,
  MIN_TIER_QUANTITY,
  nextDiscountTier,
  type LookDiscountTier,
} from '../../../contracts/looks';

const NO_TIERS: LookDiscountTier[] = [];

/** The look's mix-and-match tiers: rows of "items → %", added and removed by the merchant (at most MAX_DISCOUNT_TIERS). */
export function DiscountTiers() {
  const intl = useIntl();
  const form = useForm();
  const tiers =
    useField<LookDiscountTier[]>('discount.tiers', { subscription: { value: true } }).input.value || NO_TIERS;
  const setTiers = (next: LookDiscountTier[]) => form.change('discount.tiers', next);
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {intl.formatMessage({ id: 'Looks.discount.tiers.title' })}
      </Text>
      <Text as="p" tone="subdued">
        {intl.formatMessage({ id: 'Looks.discount.tiers.help' }, { max: MAX_DISCOUNT_TIERS })}
      </Text>
      {tiers.map((_tier, index) => (
        <Box key={index} paddingBlockEnd="100">
          <InlineStack gap="300" blockAlign="end" wrap={false}>
            <Text as="span" variant="bodyMd" fontWeight="semibold">
              {intl.formatMessage({ id: 'Looks.discount.tiers.row' }, { number: index + 1 })}
            </Text>
            <FormTextField
              name={`discount.tiers[${index}].quantity`}
              label={intl.formatMessage({ id: 'fields.discount.tiers.quantity' })}
              type="number"
              numeric
              min={MIN_TIER_QUANTITY}
              step={1}
            />
            <FormTextField
              name={`discount.tiers[${index}].percentage`}
              label={intl.formatMessage({ id: 'fields.discount.tiers.percentage' })}
              type="number"
              numeric
              min={0}
              max={100}
              suffix="%"
            />
            <Button
              icon={DeleteIcon}
              variant="tertiary"
              accessibilityLabel={intl.formatMessage({ id: 'Looks.discount.tiers.remove' }, { number: index + 1 })}
              onClick={() => setTiers(tiers.filter((_t, i) => i !== index))}
            />
          </InlineStack>
        </Box>
      ))}
      {tiers.length < MAX_DISCOUNT_TIERS && (
        <InlineStack>
          <Button icon={PlusIcon} onClick={() => setTiers([...tiers, nextDiscountTier(tiers)])}>
            {intl.formatMessage({ id: 'Looks.discount.tiers.add' })}
          </Button>
        </InlineStack>
      )}
    </BlockStack>
  );
}
