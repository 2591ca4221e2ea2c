/**
 * Pure date helpers of the date range picker. Days are 'YYYY-MM-DD' strings
 * (SPEC §9 format), compared as strings and shifted in UTC, so no local
 * timezone ever leaks in; "today" is computed in the shop's timezone.
 */
import { isValidYmd } from '../../contracts/analyticsDate';

export { isValidYmd };

export type DateRangeAlias = 'today' | 'yesterday' | 'last7days' | 'last30days' | 'custom';
export type PresetAlias = Exclude<DateRangeAlias, 'custom'>;

export interface Period {
  since: string;
  until: string;
}

/** SPEC §3 date range: alias, title, period. */
export interface DateRange {
  alias: DateRangeAlias;
  title: string;
  period: Period;
}

export const PRESET_ALIASES: PresetAlias[] = ['today', 'yesterday', 'last7days', 'last30days'];
export const DEFAULT_ALIAS: PresetAlias = 'last7days';

const PRESET_TITLES: Record<DateRangeAlias, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7days: 'Last 7 days',
  last30days: 'Last 30 days',
  custom: 'Custom',
};

export function ymdToUtc(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

export function utcToYmd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = ymdToUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return utcToYmd(date);
}

/**
 * The date format of each timezone, made once: building an Intl.DateTimeFormat costs far more than
 * formatting with it, and the applied range's selectors ask for today at every store update. An
 * unknown zone is remembered as null (UTC).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = null;
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's date in a timezone (the shop's), as YYYY-MM-DD. Falls back to UTC for an unknown zone. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  const format = dayFormat(timeZone);
  if (!format) return utcToYmd(now);
  const parts = format.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** SPEC §9 presets: today; yesterday; last 7 days = 7 days ago → yesterday; last 30 days = 30 days ago → yesterday. */
export function presetPeriod(alias: PresetAlias, today: string): Period {
  switch (alias) {
    case 'today':
      return { since: today, until: today };
    case 'yesterday':
      return { since: addDays(today, -1), until: addDays(today, -1) };
    case 'last7days':
      return { since: addDays(today, -7), until: addDays(today, -1) };
    case 'last30days':
      return { since: addDays(today, -30), until: addDays(today, -1) };
  }
}

export function presetRange(alias: PresetAlias, today: string): DateRange {
  return { alias, title: PRESET_TITLES[alias], period: presetPeriod(alias, today) };
}

export function customRange(period: Period): DateRange {
  return { alias: 'custom', title: `${period.since} – ${period.until}`, period: { ...period } };
}

/** The preset whose period equals `period` (today's presets), else a custom range. */
export function rangeFor(period: Period, today: string): DateRange {
  const alias = PRESET_ALIASES.find((a) => {
    const p = presetPeriod(a, today);
    return p.since === period.since && p.until === period.until;
  });
  return alias ? presetRange(alias, today) : customRange(period);
}

/** A preset keeps its meaning over time (last 7 days is relative to today); custom ranges are fixed. */
export function resolveRange(range: DateRange | null | undefined, today: string): DateRange {
  if (!range) return presetRange(DEFAULT_ALIAS, today);
  if (range.alias === 'custom') return customRange(range.period);
  return presetRange(range.alias, today);
}

export interface MonthView {
  /** 0-11 */
  month: number;
  year: number;
}

const monthIndex = (v: MonthView) => v.year * 12 + v.month;
const fromIndex = (i: number): MonthView => ({ year: Math.floor(i / 12), month: ((i % 12) + 12) % 12 });

export function monthOf(day: string): MonthView {
  const [y, m] = day.split('-').map(Number);
  return { year: y, month: m - 1 };
}

/** The view that shows `day` in its last visible month. */
export function viewEndingAt(day: string, visibleMonths: number): MonthView {
  return fromIndex(monthIndex(monthOf(day)) - (visibleMonths - 1));
}

/** SPEC §4: the calendar month follows the draft end when it is out of view. */
export function followEnd(view: MonthView, until: string, visibleMonths: number): MonthView {
  const first = monthIndex(view);
  const end = monthIndex(monthOf(until));
  if (end >= first && end <= first + visibleMonths - 1) return view;
  return viewEndingAt(until, visibleMonths);
}
