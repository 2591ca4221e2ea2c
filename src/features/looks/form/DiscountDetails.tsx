import { BlockStack, InlineGrid } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { FormSelect, FormTextField } from '../../../components/form';
import { useShop } from '../../shop';
import { DiscountSummary } from './DiscountSummary';
import { DiscountTiers } from './DiscountTiers';
import { LOOK_DISCOUNT_TYPES, PERCENTAGE_MAX, type LookDiscountType } from '../../../contracts/looks';

const TYPE_LABELS: Record<LookDiscountType, string> = {
  percentage: 'Looks.discount.type.percentage',
  fixed: 'Looks.discount.type.fixed',
};

/** An enabled discount: label (min 3), type fixed|percentage, value, discount text, mix-and-match tiers, and what the shopper gets. */
export default function DiscountDetails() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const type = useField<string>('discount.type', { subscription: { value: true } }).input.value;
  // A fixed amount is in the shop's currency, shown as the language writes its sign ("$", "$US", "US$").
  const { currency } = useShop();
  const currencySign =
    intl.formatNumberToParts(0, { style: 'currency', currency }).find((p) => p.type === 'currency')?.value ?? currency;
  return (
    <BlockStack gap="300">
      <FormTextField name="discount.label" label={t('fields.discount.label')} maxLength={100} />
      <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
        <FormSelect
          name="discount.type"
          label={t('fields.discount.type')}
          options={LOOK_DISCOUNT_TYPES.map((value) => ({ value, label: t(TYPE_LABELS[value]) }))}
        />
        <FormTextField
          name="discount.value"
          label={t('fields.discount.value')}
          type="number"
          numeric
          min={0}
          max={type === 'percentage' ? PERCENTAGE_MAX : undefined}
          suffix={type === 'percentage' ? '%' : currencySign}
        />
      </InlineGrid>
      <FormTextField name="discount.discountText" label={t('fields.discount.discountText')} maxLength={255} />
      <DiscountTiers />
      <DiscountSummary />
    </BlockStack>
  );
}
