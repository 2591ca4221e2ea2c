import { TextField } from '@shopify/polaris';
import { useIntl } from 'react-intl';

/** Variant B's share of shoppers in percent, as the server takes it (contracts/experiments.schema.ts). */
export const SPLIT_RANGE = { min: 1, max: 99 } as const;

/** The split typed into the field as a whole number within SPLIT_RANGE, or null. */
export function parseSplit(value: string): number | null {
  const text = value.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const split = Number(text);
  return split >= SPLIT_RANGE.min && split <= SPLIT_RANGE.max ? split : null;
}

/** Variant B's share of shoppers in percent (1–99), on the new-test form and on a draft test; `error` shows under it. */
export function SplitField({
  name,
  value,
  onChange,
  helpText,
  error,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  helpText?: string;
  error?: string;
}) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: 'Experiments.form.split' }, { name })}
      helpText={helpText}
      type="number"
      min={SPLIT_RANGE.min}
      max={SPLIT_RANGE.max}
      suffix="%"
      value={value}
      onChange={onChange}
      error={error}
      autoComplete="off"
    />
  );
}
