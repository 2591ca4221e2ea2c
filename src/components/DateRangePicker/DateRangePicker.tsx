import { useEffect, useMemo, useRef, type FocusEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  BlockStack,
  Box,
  Button,
  DatePicker,
  Icon,
  InlineGrid,
  InlineStack,
  OptionList,
  Popover,
  Scrollable,
  Select,
  TextField,
  useBreakpoints,
} from '@shopify/polaris';
import { ArrowRightIcon, CalendarIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import {
  applied,
  calendarRangeSelected,
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
import { PRESET_ALIASES, isValidYmd, todayInTimeZone, type DateRange, type PresetAlias } from './dateRange';

type State = { dateRange: DateRangeState };

/** SPEC §9 sizes. */
export const PRESET_LIST_WIDTH = 212;
export const PRESET_LIST_HEIGHT = 334;
export const POPOVER_WIDTH_LARGE = 516;
export const POPOVER_WIDTH_NARROW = 320;

const toLocalDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const fromLocalDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The applied range of the picker (for the screens that query with it), today taken in the shop's timezone. */
export function useAppliedDateRange(timeZone: string): DateRange {
  const today = todayInTimeZone(timeZone);
  return useSelector((s: State) => selectAppliedDateRange(s, today));
}

/**
 * SPEC §2/§4/§5/§9 date range picker: a button with the range title opening a
 * popover with presets, Since/Until inputs and a calendar; the selection is a
 * draft (in the dateRange slice) until Apply. All rules live in the slice.
 */
export function DateRangePicker({ timeZone }: { timeZone: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const dispatch = useDispatch();
  const { mdDown } = useBreakpoints();
  const visibleMonths = mdDown ? 1 : 2;
  const today = todayInTimeZone(timeZone);
  const appliedRange = useSelector((s: State) => selectAppliedDateRange(s, today));
  const picker = useSelector((s: State) => selectPicker(s));
  const paneRef = useRef<HTMLDivElement>(null);
  const pointerInside = useRef(false);

  useEffect(() => {
    if (picker.open) dispatch(visibleMonthsChanged(visibleMonths));
  }, [visibleMonths, picker.open, dispatch]);

  // A picker left open by an unmounting page must not reopen on the next visit.
  useEffect(() => () => void dispatch(pickerCancelled()), [dispatch]);

  const titleOf = (range: DateRange) =>
    range.alias === 'custom'
      ? t('DateRange.customTitle', { since: range.period.since, until: range.period.until })
      : t(`DateRange.presets.${range.alias}`);

  const presetOptions = useMemo(
    () => PRESET_ALIASES.map((alias) => ({ value: alias, label: intl.formatMessage({ id: `DateRange.presets.${alias}` }) })),
    [intl],
  );
  const selectOptions = useMemo(
    () => [...presetOptions, ...(picker.draft.alias === 'custom' ? [{ value: 'custom', label: intl.formatMessage({ id: 'DateRange.presets.custom' }) }] : [])],
    [presetOptions, picker.draft.alias, intl],
  );

  const cancel = () => dispatch(pickerCancelled());
  const choosePreset = (alias: string) => {
    if ((PRESET_ALIASES as string[]).includes(alias)) dispatch(presetSelected({ alias: alias as PresetAlias, today }));
  };

  /** SPEC §4: leaving the text inputs to outside the popover closes it. */
  const onInputsBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (pointerInside.current) return;
    if (next && paneRef.current?.parentElement?.closest('.Polaris-Popover')?.contains(next)) return;
    if (next && paneRef.current?.contains(next)) return;
    cancel();
  };

  const sinceError = picker.sinceInput !== '' && picker.sinceInput.length >= 10 && !isValidYmd(picker.sinceInput);
  const untilError = picker.untilInput !== '' && picker.untilInput.length >= 10 && !isValidYmd(picker.untilInput);

  const activator = (
    <Button
      icon={CalendarIcon}
      onClick={() => (picker.open ? cancel() : dispatch(pickerOpened({ today, visibleMonths })))}
      accessibilityLabel={t('DateRange.buttonLabel', { title: titleOf(appliedRange) })}
      disclosure
    >
      {titleOf(appliedRange)}
    </Button>
  );

  return (
    <Popover
      active={picker.open}
      activator={activator}
      autofocusTarget="none"
      preferredAlignment="left"
      preferredPosition="below"
      fluidContent
      sectioned={false}
      fullHeight
      onClose={cancel}
    >
      <Popover.Pane fixed>
        <div
          ref={paneRef}
          data-testid="date-range-popover"
          onMouseDownCapture={() => {
            pointerInside.current = true;
            setTimeout(() => (pointerInside.current = false), 0);
          }}
        >
          <InlineGrid columns={{ xs: '1fr', md: 'max-content max-content' }} gap="0">
            <Box
              maxWidth={mdDown ? `${POPOVER_WIDTH_NARROW}px` : `${PRESET_LIST_WIDTH}px`}
              width={mdDown ? '100%' : `${PRESET_LIST_WIDTH}px`}
              padding={{ xs: '500', md: '0' }}
              paddingBlockEnd={{ xs: '100', md: '0' }}
            >
              {mdDown ? (
                <Select
                  label={t('DateRange.presetsLabel')}
                  labelHidden
                  options={selectOptions}
                  value={picker.draft.alias}
                  onChange={choosePreset}
                />
              ) : (
                <div data-testid="date-range-presets" style={{ height: PRESET_LIST_HEIGHT, width: PRESET_LIST_WIDTH }}>
                  <Scrollable style={{ height: PRESET_LIST_HEIGHT }}>
                    <OptionList
                      options={presetOptions}
                      selected={picker.draft.alias === 'custom' ? [] : [picker.draft.alias]}
                      onChange={(values) => choosePreset(values[0])}
                    />
                  </Scrollable>
                </div>
              )}
            </Box>
            <div style={{ width: mdDown ? POPOVER_WIDTH_NARROW : POPOVER_WIDTH_LARGE, maxWidth: '100%' }} data-testid="date-range-calendar-pane">
              <Box padding="500">
                <BlockStack gap="400">
                  <div onBlur={onInputsBlur}>
                    <InlineStack gap="200" wrap={false} blockAlign="start">
                      <div style={{ flexGrow: 1 }}>
                        <TextField
                          label={t('DateRange.since')}
                          value={picker.sinceInput}
                          onChange={(value) => dispatch(sinceInputChanged({ value, today }))}
                          placeholder="YYYY-MM-DD"
                          maxLength={10}
                          autoComplete="off"
                          prefix={mdDown ? undefined : <Icon source={CalendarIcon} />}
                          error={sinceError ? t('DateRange.invalidDate') : undefined}
                        />
                      </div>
                      <div style={{ paddingTop: 28 }} aria-hidden>
                        <Icon source={ArrowRightIcon} />
                      </div>
                      <div style={{ flexGrow: 1 }}>
                        <TextField
                          label={t('DateRange.until')}
                          value={picker.untilInput}
                          onChange={(value) => dispatch(untilInputChanged({ value, today }))}
                          placeholder="YYYY-MM-DD"
                          maxLength={10}
                          autoComplete="off"
                          prefix={mdDown ? undefined : <Icon source={CalendarIcon} />}
                          error={untilError ? t('DateRange.invalidDate') : undefined}
                        />
                      </div>
                    </InlineStack>
                  </div>
                  {picker.open && picker.draft.period.since && (
                    <DatePicker
                      month={picker.view.month}
                      year={picker.view.year}
                      selected={{ start: toLocalDate(picker.draft.period.since), end: toLocalDate(picker.draft.period.until) }}
                      onMonthChange={(month, year) => dispatch(monthChanged({ month, year }))}
                      onChange={({ start, end }) =>
                        dispatch(calendarRangeSelected({ since: fromLocalDate(start), until: fromLocalDate(end ?? start), today }))
                      }
                      multiMonth={visibleMonths === 2}
                      disableDatesAfter={toLocalDate(today)}
                      allowRange
                    />
                  )}
                </BlockStack>
              </Box>
            </div>
          </InlineGrid>
        </div>
      </Popover.Pane>
      <Popover.Pane fixed>
        <Popover.Section>
          <InlineStack align="end" gap="200">
            <Button onClick={cancel}>{t('DateRange.cancel')}</Button>
            <Button variant="primary" onClick={() => dispatch(applied())}>
              {t('DateRange.apply')}
            </Button>
          </InlineStack>
        </Popover.Section>
      </Popover.Pane>
    </Popover>
  );
}
