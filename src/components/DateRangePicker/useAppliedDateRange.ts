import { useSelector } from 'react-redux';
import { selectAppliedDateRange, type DateRangeState } from './dateRangeSlice';
import { todayInTimeZone, type DateRange } from './dateRange';

/**
 * The applied range of the picker (for the screens that query with it), today
 * taken in the shop's timezone. A module of its own: the dashboard reads the
 * range without loading the picker and its Polaris components.
 */
export function useAppliedDateRange(timeZone: string): DateRange {
  const today = todayInTimeZone(timeZone);
  return useSelector((s: { dateRange: DateRangeState }) => selectAppliedDateRange(s, today));
}
