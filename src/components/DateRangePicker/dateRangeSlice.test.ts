import { REHYDRATE } from 'redux-persist';
import {
  applied,
  calendarRangeSelected,
  dateRangeSlice,
  monthChanged,
  pickerCancelled,
  pickerOpened,
  presetSelected,
  selectAppliedDateRange,
  selectPicker,
  sinceInputChanged,
  untilInputChanged,
  visibleMonthsChanged,
  type DateRangeState,
} from './dateRangeSlice';
import { addDays, followEnd, isValidYmd, presetPeriod, rangeFor, todayInTimeZone, type DateRange } from './dateRange';

const reducer = dateRangeSlice.reducer;
const TODAY = '2025-03-15';
const init = (): DateRangeState => reducer(undefined, { type: '@@init' });
const open = (state = init(), today = TODAY, visibleMonths = 2) =>
  reducer(state, pickerOpened({ today, visibleMonths }));
const run = (state: DateRangeState, ...actions: Parameters<typeof reducer>[1][]) => actions.reduce(reducer, state);
const root = (dateRange: DateRangeState) => ({ dateRange });

describe('date presets (SPEC §9)', () => {
  it('today, yesterday, last 7 days = 7 days ago → yesterday, last 30 days = 30 days ago → yesterday', () => {
    expect(presetPeriod('today', TODAY)).toEqual({ since: '2025-03-15', until: '2025-03-15' });
    expect(presetPeriod('yesterday', TODAY)).toEqual({ since: '2025-03-14', until: '2025-03-14' });
    expect(presetPeriod('last7days', TODAY)).toEqual({ since: '2025-03-08', until: '2025-03-14' });
    expect(presetPeriod('last30days', TODAY)).toEqual({ since: '2025-02-13', until: '2025-03-14' });
  });

  it('crosses month and year edges', () => {
    expect(presetPeriod('yesterday', '2025-03-01')).toEqual({ since: '2025-02-28', until: '2025-02-28' });
    expect(presetPeriod('last7days', '2025-01-03')).toEqual({ since: '2024-12-27', until: '2025-01-02' });
    expect(presetPeriod('last30days', '2025-01-01')).toEqual({ since: '2024-12-02', until: '2024-12-31' });
  });

  it('knows leap days', () => {
    expect(presetPeriod('yesterday', '2024-03-01')).toEqual({ since: '2024-02-29', until: '2024-02-29' });
    expect(presetPeriod('last7days', '2024-03-01')).toEqual({ since: '2024-02-23', until: '2024-02-29' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
  });
});

describe('today in the shop timezone', () => {
  const instant = new Date('2025-03-15T02:30:00Z');
  it('is the calendar day where the shop is', () => {
    expect(todayInTimeZone('UTC', instant)).toBe('2025-03-15');
    expect(todayInTimeZone('America/Los_Angeles', instant)).toBe('2025-03-14');
    expect(todayInTimeZone('Asia/Tokyo', new Date('2025-12-31T15:30:00Z'))).toBe('2026-01-01');
    expect(todayInTimeZone('Pacific/Kiritimati', new Date('2025-03-14T10:30:00Z'))).toBe('2025-03-15');
  });
  it('falls back to UTC for an unknown zone', () => {
    expect(todayInTimeZone('Not/AZone', instant)).toBe('2025-03-15');
  });
});

describe('date typing (SPEC §5)', () => {
  it.each([
    ['2025-03-01', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-02-30', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-04-31', false],
    ['2025-3-01', false],
    ['2025-03-1', false],
    ['25-03-01', false],
    ['2025/03/01', false],
    ['2025-03-01 ', false],
    ['20250-03-01', false],
    ['', false],
    ['abcd-ef-gh', false],
  ])('%j valid: %s', (value, valid) => {
    expect(isValidYmd(value)).toBe(valid);
  });
});

describe('applied range and default', () => {
  it('defaults to last 7 days', () => {
    expect(selectAppliedDateRange(root(init()), TODAY)).toEqual({
      alias: 'last7days',
      title: 'Last 7 days',
      period: { since: '2025-03-08', until: '2025-03-14' },
    });
  });

  it('a preset is recomputed for the current day; a custom range stays fixed', () => {
    let s = run(open(), presetSelected({ alias: 'last30days', today: '2025-01-10' }), applied());
    expect(selectAppliedDateRange(root(s), TODAY).period).toEqual({ since: '2025-02-13', until: '2025-03-14' });
    s = run(open(s), calendarRangeSelected({ since: '2025-01-02', until: '2025-01-05', today: TODAY }), applied());
    expect(selectAppliedDateRange(root(s), '2026-01-01')).toMatchObject({
      alias: 'custom',
      period: { since: '2025-01-02', until: '2025-01-05' },
    });
  });
});

describe('popover draft (SPEC §4)', () => {
  it('opens with the applied range as draft, inputs filled, calendar showing its end', () => {
    const s = open();
    const p = selectPicker(root(s));
    expect(p.open).toBe(true);
    expect(p.draft.alias).toBe('last7days');
    expect([p.sinceInput, p.untilInput]).toEqual(['2025-03-08', '2025-03-14']);
    expect(p.view).toEqual({ month: 1, year: 2025 }); // Feb + Mar, the end in the last month
    expect(open(init(), TODAY, 1).picker.view).toEqual({ month: 2, year: 2025 });
  });

  it('holds the selection as a draft until Apply', () => {
    let s = run(open(), presetSelected({ alias: 'today', today: TODAY }));
    expect(s.applied).toBeNull();
    expect(s.picker.draft.alias).toBe('today');
    s = reducer(s, applied());
    expect(s.applied).toMatchObject({ alias: 'today', period: { since: TODAY, until: TODAY } });
    expect(s.picker.open).toBe(false);
  });

  it('Cancel closes and restores the applied range', () => {
    let s = run(open(), presetSelected({ alias: 'yesterday', today: TODAY }), applied());
    s = run(
      open(s),
      presetSelected({ alias: 'last30days', today: TODAY }),
      sinceInputChanged({ value: '2025-01-01', today: TODAY }),
      pickerCancelled(),
    );
    expect(s.picker.open).toBe(false);
    expect(s.applied?.alias).toBe('yesterday');
    // re-opening starts again from the applied range, not the abandoned draft
    expect(open(s).picker.draft.alias).toBe('yesterday');
  });

  it('a preset sets the draft and the inputs', () => {
    const s = run(open(), presetSelected({ alias: 'last30days', today: TODAY }));
    expect(s.picker.draft).toEqual({
      alias: 'last30days',
      title: 'Last 30 days',
      period: { since: '2025-02-13', until: '2025-03-14' },
    });
    expect([s.picker.sinceInput, s.picker.untilInput]).toEqual(['2025-02-13', '2025-03-14']);
  });

  it('a calendar pick equal to a preset takes that preset, else Custom', () => {
    let s = run(open(), calendarRangeSelected({ since: '2025-03-14', until: '2025-03-14', today: TODAY }));
    expect(s.picker.draft.alias).toBe('yesterday');
    s = reducer(s, calendarRangeSelected({ since: '2025-03-15', until: '2025-03-15', today: TODAY }));
    expect(s.picker.draft.alias).toBe('today');
    s = reducer(s, calendarRangeSelected({ since: '2025-03-08', until: '2025-03-14', today: TODAY }));
    expect(s.picker.draft.alias).toBe('last7days');
    s = reducer(s, calendarRangeSelected({ since: '2025-03-08', until: '2025-03-13', today: TODAY }));
    expect(s.picker.draft).toEqual({
      alias: 'custom',
      title: '2025-03-08 – 2025-03-13',
      period: { since: '2025-03-08', until: '2025-03-13' },
    });
    expect([s.picker.sinceInput, s.picker.untilInput]).toEqual(['2025-03-08', '2025-03-13']);
  });

  it('a reversed calendar range is put in order', () => {
    const s = run(open(), calendarRangeSelected({ since: '2025-03-10', until: '2025-03-02', today: TODAY }));
    expect(s.picker.draft.period).toEqual({ since: '2025-03-02', until: '2025-03-10' });
  });

  it('typing a valid since date sets the start', () => {
    const s = run(open(), sinceInputChanged({ value: '2025-03-01', today: TODAY }));
    expect(s.picker.draft).toMatchObject({ alias: 'custom', period: { since: '2025-03-01', until: '2025-03-14' } });
  });

  it('a since date after the end moves the end to the same day', () => {
    const s = run(open(), sinceInputChanged({ value: '2025-03-20', today: TODAY }));
    expect(s.picker.draft.period).toEqual({ since: '2025-03-20', until: '2025-03-20' });
    expect(s.picker.untilInput).toBe('2025-03-20');
  });

  it('typing a valid until date sets the end; before the start, the start moves to the same day', () => {
    let s = run(open(), untilInputChanged({ value: '2025-03-12', today: TODAY }));
    expect(s.picker.draft.period).toEqual({ since: '2025-03-08', until: '2025-03-12' });
    s = reducer(s, untilInputChanged({ value: '2025-02-01', today: TODAY }));
    expect(s.picker.draft.period).toEqual({ since: '2025-02-01', until: '2025-02-01' });
    expect(s.picker.sinceInput).toBe('2025-02-01');
  });

  it('typed dates that match a preset take the preset', () => {
    const s = run(
      open(),
      presetSelected({ alias: 'today', today: TODAY }),
      sinceInputChanged({ value: '2025-02-13', today: TODAY }),
      untilInputChanged({ value: '2025-03-14', today: TODAY }),
    );
    expect(s.picker.draft.alias).toBe('last30days');
  });

  it('partial or invalid text changes only the input, never the draft', () => {
    const before = open();
    for (const value of ['2025-03-0', '2025-02-30', '2025-3-01', 'hello', '', '2023-02-29']) {
      const s = reducer(before, sinceInputChanged({ value, today: TODAY }));
      expect(s.picker.sinceInput).toBe(value);
      expect(s.picker.draft).toEqual(before.picker.draft);
      const u = reducer(before, untilInputChanged({ value, today: TODAY }));
      expect(u.picker.untilInput).toBe(value);
      expect(u.picker.draft).toEqual(before.picker.draft);
    }
  });

  it('typing a leap day works only in leap years', () => {
    expect(run(open(), sinceInputChanged({ value: '2024-02-29', today: TODAY })).picker.draft.period.since).toBe(
      '2024-02-29',
    );
    expect(run(open(), sinceInputChanged({ value: '2025-02-29', today: TODAY })).picker.draft.period.since).toBe(
      '2025-03-08',
    );
  });

  it('the calendar month follows the draft end when it is out of view', () => {
    let s = run(open(), untilInputChanged({ value: '2025-03-20', today: TODAY }));
    expect(s.picker.view).toEqual({ month: 1, year: 2025 }); // March still visible (Feb + Mar)
    s = reducer(s, sinceInputChanged({ value: '2024-12-30', today: TODAY }));
    expect(s.picker.view).toEqual({ month: 1, year: 2025 }); // the end did not move
    s = reducer(s, untilInputChanged({ value: '2024-12-31', today: TODAY }));
    expect(s.picker.view).toEqual({ month: 10, year: 2024 }); // Nov + Dec 2024: year edge
    s = reducer(s, presetSelected({ alias: 'today', today: TODAY }));
    expect(s.picker.view).toEqual({ month: 1, year: 2025 });
  });

  it('month navigation moves the view; a later draft end out of view brings it back', () => {
    let s = run(open(), monthChanged({ month: 5, year: 2024 }));
    expect(s.picker.view).toEqual({ month: 5, year: 2024 });
    s = reducer(s, calendarRangeSelected({ since: '2024-06-03', until: '2024-07-02', today: TODAY }));
    expect(s.picker.view).toEqual({ month: 5, year: 2024 }); // in view (Jun + Jul)
    s = reducer(s, presetSelected({ alias: 'yesterday', today: TODAY }));
    expect(s.picker.view).toEqual({ month: 1, year: 2025 });
  });

  it('narrow screens show one month; switching keeps the end visible', () => {
    let s = open(init(), TODAY, 1);
    expect(s.picker.view).toEqual({ month: 2, year: 2025 });
    s = reducer(s, untilInputChanged({ value: '2025-04-02', today: TODAY }));
    expect(s.picker.view).toEqual({ month: 3, year: 2025 });
    s = reducer(s, visibleMonthsChanged(2));
    expect(s.picker.view).toEqual({ month: 3, year: 2025 });
    expect(followEnd({ month: 3, year: 2025 }, '2025-03-31', 1)).toEqual({ month: 2, year: 2025 });
  });

  it('ignores picker actions while closed', () => {
    const s = init();
    for (const a of [
      presetSelected({ alias: 'today', today: TODAY }),
      sinceInputChanged({ value: '2025-01-01', today: TODAY }),
      untilInputChanged({ value: '2025-01-01', today: TODAY }),
      calendarRangeSelected({ since: TODAY, until: TODAY, today: TODAY }),
      monthChanged({ month: 1, year: 2020 }),
      applied(),
    ]) {
      expect(reducer(s, a)).toEqual(s);
    }
  });

  it('rehydration keeps the applied range but never reopens the popover', () => {
    const openState = run(open(), presetSelected({ alias: 'today', today: TODAY }));
    const s = reducer(openState, { type: REHYDRATE, key: 'shoppable-looks:dateRange', payload: undefined });
    expect(s.picker.open).toBe(false);
    expect(s.picker).not.toBe(openState.picker);
  });

  it('rangeFor builds a custom title from the dates', () => {
    const r: DateRange = rangeFor({ since: '2025-01-01', until: '2025-01-31' }, TODAY);
    expect(r).toEqual({
      alias: 'custom',
      title: '2025-01-01 – 2025-01-31',
      period: { since: '2025-01-01', until: '2025-01-31' },
    });
  });
});
