export { DateRangePicker, useAppliedDateRange } from './DateRangePicker';
export type { DateRange, DateRangeAlias, Period } from './dateRange';
