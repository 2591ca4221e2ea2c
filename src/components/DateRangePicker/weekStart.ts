/** Day of the week (0 Sunday … 6 Saturday) calendars start on, per language, where Intl.Locale has no week info. */
const FIRST_DAY_BY_LANGUAGE: Record<string, number> = { en: 0, de: 1, fr: 1, it: 1, es: 1 };

interface WeekInfo {
  /** 1 Monday … 7 Sunday. */
  firstDay: number;
}
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * The first day of the week in `locale`, as Polaris' DatePicker takes it
 * (`weekStartsOn`, 0 Sunday … 6 Saturday): from Intl.Locale's week info where
 * the browser has it (getWeekInfo(), or the older weekInfo getter), else from
 * a table of the app's languages (en-US Sunday; de, fr, it, es Monday).
 */
export function weekStartsOn(locale: string): number {
  try {
    const intlLocale = new Intl.Locale(locale) as LocaleWithWeekInfo;
    const firstDay = (intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo)?.firstDay;
    if (typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7) return firstDay % 7;
    return FIRST_DAY_BY_LANGUAGE[intlLocale.language] ?? 0;
  } catch {
    // Not a valid language tag.
    return FIRST_DAY_BY_LANGUAGE[locale.slice(0, 2).toLowerCase()] ?? 0;
  }
}
