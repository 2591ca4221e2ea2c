import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import {
  customRange,
  followEnd,
  isValidYmd,
  rangeFor,
  resolveRange,
  viewEndingAt,
  type DateRange,
  type MonthView,
  type PresetAlias,
  presetRange,
} from './dateRange';

export type { DateRange, DateRangeAlias } from './dateRange';

/** The open picker: a draft committed only on Apply (SPEC §4). */
export interface DateRangePickerState {
  open: boolean;
  draft: DateRange;
  sinceInput: string;
  untilInput: string;
  view: MonthView;
  /** Months the calendar shows (2 on large screens, 1 on narrow). */
  visibleMonths: number;
}

export interface DateRangeState {
  /** The applied range; null until the merchant applies one (default last 7 days). Persisted. */
  applied: DateRange | null;
  picker: DateRangePickerState;
}

const closedPicker = (): DateRangePickerState => ({
  open: false,
  draft: customRange({ since: '', until: '' }),
  sinceInput: '',
  untilInput: '',
  view: { month: 0, year: 1970 },
  visibleMonths: 2,
});

const initialState: DateRangeState = { applied: null, picker: closedPicker() };

/** Every action that depends on the current day carries it (the shop's today), so the reducer stays pure. */
interface Today {
  today: string;
}

function setDraft(picker: DateRangePickerState, draft: DateRange) {
  picker.draft = draft;
  picker.sinceInput = draft.period.since;
  picker.untilInput = draft.period.until;
  picker.view = followEnd(picker.view, draft.period.until, picker.visibleMonths);
}

export const dateRangeSlice = createSlice({
  name: 'dateRange',
  initialState,
  reducers: {
    /** Opens the popover with the applied range as the draft. */
    pickerOpened(state, action: PayloadAction<Today & { visibleMonths?: number }>) {
      const draft = resolveRange(state.applied, action.payload.today);
      const visibleMonths = action.payload.visibleMonths ?? 2;
      state.picker = {
        open: true,
        draft,
        sinceInput: draft.period.since,
        untilInput: draft.period.until,
        view: viewEndingAt(draft.period.until, visibleMonths),
        visibleMonths,
      };
    },
    /** Cancel, Escape, click or focus outside: closes; the applied range stays. */
    pickerCancelled(state) {
      state.picker = closedPicker();
    },
    /** Commits the draft. */
    applied(state) {
      if (!state.picker.open) return;
      state.applied = state.picker.draft;
      state.picker = closedPicker();
    },
    presetSelected(state, action: PayloadAction<Today & { alias: PresetAlias }>) {
      if (!state.picker.open) return;
      setDraft(state.picker, presetRange(action.payload.alias, action.payload.today));
    },
    /** A calendar pick: the preset it equals, else Custom. */
    calendarRangeSelected(state, action: PayloadAction<Today & { since: string; until: string }>) {
      const { since, until, today } = action.payload;
      if (!state.picker.open || !isValidYmd(since) || !isValidYmd(until)) return;
      const period = since <= until ? { since, until } : { since: until, until: since };
      setDraft(state.picker, rangeFor(period, today));
    },
    /** Typing the Since date: a valid one sets the start; after the end, the end moves to the same day. */
    sinceInputChanged(state, action: PayloadAction<Today & { value: string }>) {
      const { value, today } = action.payload;
      if (!state.picker.open) return;
      state.picker.sinceInput = value;
      if (!isValidYmd(value)) return;
      const until = state.picker.draft.period.until < value ? value : state.picker.draft.period.until;
      setDraft(state.picker, rangeFor({ since: value, until }, today));
    },
    /** Typing the Until date: a valid one sets the end; before the start, the start moves to the same day. */
    untilInputChanged(state, action: PayloadAction<Today & { value: string }>) {
      const { value, today } = action.payload;
      if (!state.picker.open) return;
      state.picker.untilInput = value;
      if (!isValidYmd(value)) return;
      const since = state.picker.draft.period.since > value ? value : state.picker.draft.period.since;
      setDraft(state.picker, rangeFor({ since, until: value }, today));
    },
    /** Calendar navigation (previous / next month). */
    monthChanged(state, action: PayloadAction<MonthView>) {
      if (!state.picker.open) return;
      state.picker.view = { month: action.payload.month, year: action.payload.year };
    },
    /** The screen got wider or narrower while open. */
    visibleMonthsChanged(state, action: PayloadAction<number>) {
      if (!state.picker.open || state.picker.visibleMonths === action.payload) return;
      state.picker.visibleMonths = action.payload;
      state.picker.view = followEnd(state.picker.view, state.picker.draft.period.until, action.payload);
    },
  },
  extraReducers: (builder) => {
    // Only the applied range survives a reload: a new picker object makes redux-persist keep this one.
    builder.addCase(REHYDRATE, (state) => {
      state.picker = closedPicker();
    });
  },
  selectors: {
    selectPicker: (state) => state.picker,
    selectStoredDateRange: (state) => state.applied,
  },
});

export const {
  pickerOpened,
  pickerCancelled,
  applied,
  presetSelected,
  calendarRangeSelected,
  sinceInputChanged,
  untilInputChanged,
  monthChanged,
  visibleMonthsChanged,
} = dateRangeSlice.actions;
export const { selectPicker, selectStoredDateRange } = dateRangeSlice.selectors;

/** The applied range for `today` (presets re-computed for the day; default last 7 days). */
export const selectAppliedDateRange = createSelector(
  [selectStoredDateRange, (_state: { dateRange: DateRangeState }, today: string) => today],
  (stored, today) => resolveRange(stored, today),
);
