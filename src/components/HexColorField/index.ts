export { HexColorField } from './HexColorField';
export { FormHexColorField } from './FormHexColorField';
export { normalizeHex } from './hex';
