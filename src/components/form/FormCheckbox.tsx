import { Checkbox, type CheckboxProps } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useFieldError } from './useFieldError';

type Props = Omit<CheckboxProps, 'checked' | 'onChange' | 'error' | 'name'> & {
  name: string;
  /** Called after the value changed (e.g. to clear a dependent field). */
  onToggle?(checked: boolean): void;
};

export function FormCheckbox({ name, onToggle, ...props }: Props) {
  const { input, meta } = useField<boolean>(name, { type: 'checkbox' });
  return (
    <Checkbox
      {...props}
      name={name}
      checked={!!input.checked}
      onChange={(checked) => {
        input.onChange(checked);
        onToggle?.(checked);
      }}
      error={useFieldError(meta)}
    />
  );
}
