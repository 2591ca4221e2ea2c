// Polaris' colour conversions: only the picker (its own chunk) needs them, so they are not in hex.ts,
// which the field's first screen loads (webpack puts a module, with all it imports, in one chunk).
import { hexToRgb, hsbToHex, rgbToHsb, type HSBColor } from '@shopify/polaris';
import { normalizeHex } from './hex';

export function hexToHsb(hex: string): HSBColor {
  return rgbToHsb(hexToRgb(`#${normalizeHex(hex) ?? '000000'}`));
}

export function hsbToStoredHex(color: HSBColor): string {
  return hsbToHex(color).replace('#', '').toUpperCase();
}
