import { useField } from 'react-final-form';
import { useFieldError } from '../form/useFieldError';
import { HexColorField } from './HexColorField';

/** HexColorField bound to a final-form field. */
export function FormHexColorField({ name, label, helpText }: { name: string; label: string; helpText?: string }) {
  const { input, meta } = useField<string>(name);
  return (
    <HexColorField
      label={label}
      helpText={helpText}
      value={input.value || 'FFFFFF'}
      onChange={input.onChange}
      error={useFieldError(meta)}
    />
  );
}
