import { Select } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useFieldError } from '../../components/form';
import { DISCOUNT_TYPES, type DiscountType } from '../../contracts/booster';
import { NO_DISCOUNT } from './boosterForm';

/**
 * discountType: code | app | none (= null). Keeps null as null (allowNull), so
 * "No discount" is what the select shows for a saved null.
 */
export function DiscountTypeSelect({ onSelect }: { onSelect(type: DiscountType | null): void }) {
  const intl = useIntl();
  const { input, meta } = useField<DiscountType | null>('discountType', {
    allowNull: true,
    parse: (v) => v,
    format: (v) => v,
  });
  return (
    <Select
      name="discountType"
      label={intl.formatMessage({ id: 'fields.discountType' })}
      options={[...DISCOUNT_TYPES, NO_DISCOUNT].map((v) => ({
        value: v,
        label: intl.formatMessage({ id: `Booster.discount.types.${v}` }),
      }))}
      value={input.value ?? NO_DISCOUNT}
      onChange={(value) => {
        const next = value === NO_DISCOUNT ? null : (value as DiscountType);
        input.onChange(next);
        onSelect(next);
      }}
      error={useFieldError(meta)}
    />
  );
}
