import { useEffect, useState } from 'react';
import { BlockStack, Box, InlineStack, Popover, Spinner, TextField } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { lazyOnce } from '../lazyOnce';
import { normalizeHex } from './hex';

/** The picker is in the popover only, never on a first screen: its chunk loads when the swatch is first pressed. */
const pane = lazyOnce(() => import(/* webpackChunkName: "color-picker" */ './ColorPickerPane'));

export interface HexColorFieldProps {
  label: string;
  /** Hex without '#'. */
  value: string;
  onChange(value: string): void;
  error?: string;
  helpText?: string;
}

/** A colour picker without alpha plus a hex text field; the value is hex without '#'. */
export function HexColorField({ label, value, onChange, error, helpText }: HexColorFieldProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const swatch = (
    <button
      type="button"
      aria-label={intl.formatMessage({ id: 'ColorField.open' }, { label })}
      onPointerDown={() => void pane.load().catch(() => undefined)}
      onClick={() => setOpen((v) => !v)}
      style={{
        width: 32,
        height: 32,
        borderRadius: 8,
        border: '1px solid var(--p-color-border)',
        background: `#${normalizeHex(value) ?? 'FFFFFF'}`,
        cursor: 'pointer',
      }}
    />
  );

  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="end" wrap={false}>
        <Popover active={open} activator={swatch} onClose={() => setOpen(false)} preferredAlignment="left">
          <Box padding="300">
            <pane.Slot
              value={value}
              onChange={onChange}
              fallback={
                <Box minHeight="170px" minWidth="200px">
                  <Spinner size="small" accessibilityLabel={label} />
                </Box>
              }
            />
          </Box>
        </Popover>
        <div style={{ maxWidth: 320, flex: 1 }}>
          <TextField
            label={label}
            prefix="#"
            value={text}
            maxLength={7}
            autoComplete="off"
            monospaced
            helpText={helpText}
            error={error}
            onChange={(next) => {
              setText(next);
              const hex = normalizeHex(next);
              if (hex) onChange(hex);
            }}
            onBlur={() => setText(value)}
          />
        </div>
      </InlineStack>
    </BlockStack>
  );
}
