import { TextField } from '@shopify/polaris';
import { useIntl } from 'react-intl';

/** Variant B's share of shoppers in percent (1–99), on the new-test form and on a draft test. */
export function SplitField({ name, value, onChange, helpText }: { name: string; value: string; onChange: (value: string) => void; helpText?: string }) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: 'Experiments.form.split' }, { name })}
      helpText={helpText}
      type="number"
      min={1}
      max={99}
      suffix="%"
      value={value}
      onChange={onChange}
      autoComplete="off"
    />
  );
}
