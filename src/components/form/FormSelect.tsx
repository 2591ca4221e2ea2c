import { Select, type SelectProps } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useFieldError } from './useFieldError';

type Props = Omit<SelectProps, 'value' | 'onChange' | 'error' | 'name'> & {
  name: string;
  /** The option value that stands for null (e.g. 'none'). */
  nullValue?: string;
  onSelect?(value: string | null): void;
};

export function FormSelect({ name, nullValue, onSelect, ...props }: Props) {
  // allowNull: final-form would otherwise turn a saved null into '' and show the first option.
  const { input, meta } = useField<string | null>(name, { allowNull: true });
  return (
    <Select
      {...props}
      name={name}
      value={input.value === null || input.value === undefined ? (nullValue ?? '') : String(input.value)}
      onChange={(value) => {
        const next = nullValue !== undefined && value === nullValue ? null : value;
        input.onChange(next);
        onSelect?.(next);
      }}
      error={useFieldError(meta)}
    />
  );
}
