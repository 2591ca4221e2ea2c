export { DateRangePicker } from './DateRangePicker';
export { useAppliedDateRange } from './useAppliedDateRange';
export type { DateRange, DateRangeAlias, Period } from './dateRange';
