import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** SPEC §3 date range: alias, title, period { since, until } (YYYY-MM-DD). Issue 5 fills in the picker logic. */
export type DateRangeAlias = 'today' | 'yesterday' | 'last7days' | 'last30days' | 'custom';

export interface DateRange {
  alias: DateRangeAlias;
  title: string;
  period: { since: string; until: string };
}

export interface DateRangeState {
  /** The applied range; null until the picker initialises it (default last 7 days). */
  applied: DateRange | null;
}

const initialState: DateRangeState = { applied: null };

export const dateRangeSlice = createSlice({
  name: 'dateRange',
  initialState,
  reducers: {
    applyDateRange: (state, action: PayloadAction<DateRange>) => {
      state.applied = action.payload;
    },
  },
  selectors: {
    selectAppliedDateRange: (state) => state.applied,
  },
});

export const { applyDateRange } = dateRangeSlice.actions;
export const { selectAppliedDateRange } = dateRangeSlice.selectors;
