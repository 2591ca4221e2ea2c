import { TextField, type TextFieldProps } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useFieldError } from './useFieldError';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'name' | 'autoComplete'> & {
  name: string;
  autoComplete?: string;
  /** Store '' as null (nullable settings such as CSS selectors). */
  emptyAsNull?: boolean;
  /** Parse the text as a number (empty → null). */
  numeric?: boolean;
};

/** A Polaris TextField bound to a final-form field, with translated errors after submit. */
export function FormTextField({ name, emptyAsNull, numeric, autoComplete = 'off', ...props }: Props) {
  const { input, meta } = useField(name, {
    parse: (value: string) => {
      if (numeric) return value === '' ? null : Number.isNaN(Number(value)) ? value : Number(value);
      return emptyAsNull && value === '' ? null : value;
    },
    format: (value: unknown) => (value === null || value === undefined ? '' : String(value)),
  });
  return (
    <TextField
      {...(props as TextFieldProps)}
      name={name}
      autoComplete={autoComplete}
      value={input.value}
      onChange={(value) => input.onChange(value)}
      onBlur={() => input.onBlur()}
      onFocus={() => input.onFocus()}
      error={useFieldError(meta)}
    />
  );
}
