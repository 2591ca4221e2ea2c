import type { FunnelCounts, FunnelDevice, FunnelLook } from '../../contracts/funnel';

/** Which devices a funnel view counts. */
export type DeviceFilter = 'all' | FunnelDevice;
export type FunnelSortKey = 'title' | 'impressions' | 'clicks' | 'addToCarts' | 'orders' | 'conversion' | 'revenue';

/** The funnel table's columns, in order (each sorts it). */
export const FUNNEL_COLUMNS: FunnelSortKey[] = [
  'title',
  'impressions',
  'clicks',
  'addToCarts',
  'orders',
  'conversion',
  'revenue',
];

export interface FunnelSort {
  key: FunnelSortKey;
  direction: 'ascending' | 'descending';
}

export interface FunnelRow extends FunnelCounts {
  lookId: number;
  title: string;
  usesGeneratedImage: boolean;
  /** clicks ÷ impressions, null without impressions. */
  clickRate: number | null;
  /** add-to-carts ÷ clicks, null without clicks. */
  addToCartRate: number | null;
  /** orders ÷ impressions, null without impressions. */
  conversion: number | null;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** A look's counts for one device filter, with the step rates. */
export function funnelRow(look: FunnelLook, device: DeviceFilter): FunnelRow {
  const c: FunnelCounts = device === 'all' ? look : look.byDevice[device];
  return {
    lookId: look.lookId,
    title: look.title,
    usesGeneratedImage: look.usesGeneratedImage,
    impressions: c.impressions,
    clicks: c.clicks,
    addToCarts: c.addToCarts,
    orders: c.orders,
    revenue: c.revenue,
    clickRate: ratio(c.clicks, c.impressions),
    addToCartRate: ratio(c.addToCarts, c.clicks),
    conversion: ratio(c.orders, c.impressions),
  };
}

/** Rows sorted by a column; rows without a value (no rate) go last either way; ties by title, then id. */
export function sortFunnelRows(
  rows: FunnelRow[],
  key: FunnelSortKey,
  direction: 'ascending' | 'descending',
  locale = 'en',
): FunnelRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const byTitle = (a: FunnelRow, b: FunnelRow) => a.title.localeCompare(b.title, locale) || a.lookId - b.lookId;
  return [...rows].sort((a, b) => {
    if (key === 'title') return sign * byTitle(a, b);
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? byTitle(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byTitle(a, b);
  });
}

export interface BestAndWorst {
  best: FunnelRow;
  /** Null when fewer than two looks were seen. */
  worst: FunnelRow | null;
}

/**
 * The period's best and worst look among the looks shoppers saw (impressions > 0): best by revenue
 * (then conversion, then impressions), worst the last in that order. Null when no look was seen.
 */
export function bestAndWorst(looks: FunnelLook[]): BestAndWorst | null {
  const seen = looks.map((l) => funnelRow(l, 'all')).filter((r) => r.impressions > 0);
  if (!seen.length) return null;
  const ranked = seen.sort(
    (a, b) =>
      b.revenue - a.revenue ||
      (b.conversion ?? 0) - (a.conversion ?? 0) ||
      b.impressions - a.impressions ||
      a.lookId - b.lookId,
  );
  return { best: ranked[0], worst: ranked.length > 1 ? ranked[ranked.length - 1] : null };
}

/** One CSV field: quoted when needed; text that a spreadsheet would run as a formula is prefixed with '. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface FunnelCsvLabels {
  look: string;
  lookId: string;
  device: string;
  devices: Record<DeviceFilter, string>;
  impressions: string;
  clicks: string;
  addToCarts: string;
  orders: string;
  revenue: string;
  clickRate: string;
  addToCartRate: string;
  conversion: string;
}

const rate = (r: number | null) => (r === null ? null : Number(r.toFixed(4)));

/** The funnel as CSV (RFC 4180, CRLF): per look a row for all devices, mobile and desktop; rates as fractions. */
export function funnelCsv(looks: FunnelLook[], labels: FunnelCsvLabels): string {
  const header = [
    labels.lookId,
    labels.look,
    labels.device,
    labels.impressions,
    labels.clicks,
    labels.addToCarts,
    labels.orders,
    labels.revenue,
    labels.clickRate,
    labels.addToCartRate,
    labels.conversion,
  ];
  const lines = [header.map(csvField).join(',')];
  for (const look of looks) {
    for (const device of ['all', 'mobile', 'desktop'] as const) {
      const r = funnelRow(look, device);
      lines.push(
        [
          r.lookId,
          r.title,
          labels.devices[device],
          r.impressions,
          r.clicks,
          r.addToCarts,
          r.orders,
          r.revenue.toFixed(2),
          rate(r.clickRate),
          rate(r.addToCartRate),
          rate(r.conversion),
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers text as a file download (a Blob behind a temporary link). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
