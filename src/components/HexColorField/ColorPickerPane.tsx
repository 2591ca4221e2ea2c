import { ColorPicker } from '@shopify/polaris';
import { hexToHsb, hsbToStoredHex } from './hsb';

/** Polaris' ColorPicker without alpha over a hex value: a chunk of its own, loaded when its popover first opens. */
export default function ColorPickerPane({ value, onChange }: { value: string; onChange(value: string): void }) {
  return <ColorPicker color={hexToHsb(value)} onChange={(hsb) => onChange(hsbToStoredHex(hsb))} allowAlpha={false} />;
}
