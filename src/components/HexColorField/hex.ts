/** Colours are stored as 6-digit hex without '#' (SPEC §3), upper-case. */
export function normalizeHex(value: string): string | null {
  const hex = value.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex))
    return hex
      .split('')
      .map((c) => c + c)
      .join('')
      .toUpperCase();
  if (/^[0-9a-f]{6}$/i.test(hex)) return hex.toUpperCase();
  return null;
}
