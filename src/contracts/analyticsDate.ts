/**
 * SPEC §5 date typing, shared by the date range picker (client) and the
 * analytics query validation (server). Kept free of yup so the picker's
 * reducer, which is in the first-load bundle, pulls no schema library.
 */
export function isValidYmd(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 10 || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
