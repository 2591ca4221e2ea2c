import { useEffect, useMemo, useRef, type FocusEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  BlockStack,
  Box,
  DatePicker,
  Icon,
  InlineGrid,
  InlineStack,
  OptionList,
  Scrollable,
  Select,
  TextField,
} from '@shopify/polaris';
import { ArrowRightIcon, CalendarIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import {
  calendarRangeSelected,
  monthChanged,
  presetSelected,
  selectPicker,
  sinceInputChanged,
  untilInputChanged,
  type DateRangeState,
} from './dateRangeSlice';
import { PRESET_ALIASES, isValidYmd, type PresetAlias } from './dateRange';
import { POPOVER_WIDTH_LARGE, POPOVER_WIDTH_NARROW, PRESET_LIST_HEIGHT, PRESET_LIST_WIDTH } from './sizes';
import { tabbableIn } from './focus';
import { weekStartsOn } from './weekStart';

type State = { dateRange: DateRangeState };

export interface DateRangePaneProps {
  /** Today in the shop's timezone (YYYY-MM-DD). */
  today: string;
  /** 1 on narrow screens (a select for the presets), else 2 (a list). */
  visibleMonths: 1 | 2;
  /** Closes the popover and drops the draft. */
  onCancel: () => void;
  /**
   * Opened with the keyboard: focus moves to the selected preset (else the
   * first) once the pane has rendered — at once, or when its chunk arrives.
   */
  autoFocus?: boolean;
}

const toLocalDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const fromLocalDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The open picker's draft (SPEC §4/§9): presets, Since/Until inputs and the
 * calendar. A chunk of its own (date-range-pane): the analytics page renders
 * its button without the calendar's, list's and text fields' code, which
 * loads when the pointer or focus reaches the button.
 */
export default function DateRangePane({ today, visibleMonths, onCancel, autoFocus = false }: DateRangePaneProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const dispatch = useDispatch();
  const mdDown = visibleMonths === 1;
  const picker = useSelector((s: State) => selectPicker(s));
  const paneRef = useRef<HTMLDivElement>(null);
  const pointerInside = useRef(false);
  const presetsRef = useRef<HTMLDivElement>(null);
  const firstDayOfWeek = useMemo(() => weekStartsOn(intl.locale), [intl.locale]);

  useEffect(() => {
    if (!autoFocus) return;
    // After the popover has measured and placed itself (as Polaris' own autofocus does).
    const frame = requestAnimationFrame(() => {
      const selected = presetsRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
      (selected ?? tabbableIn(paneRef.current)[0])?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);

  const presetOptions = useMemo(
    () =>
      PRESET_ALIASES.map((alias) => ({
        value: alias,
        label: intl.formatMessage({ id: `DateRange.presets.${alias}` }),
      })),
    [intl],
  );
  const selectOptions = useMemo(
    () => [
      ...presetOptions,
      ...(picker.draft.alias === 'custom'
        ? [{ value: 'custom', label: intl.formatMessage({ id: 'DateRange.presets.custom' }) }]
        : []),
    ],
    [presetOptions, picker.draft.alias, intl],
  );

  const choosePreset = (alias: string) => {
    if ((PRESET_ALIASES as string[]).includes(alias)) dispatch(presetSelected({ alias: alias as PresetAlias, today }));
  };

  /** SPEC §4: leaving the text inputs to outside the popover closes it. */
  const onInputsBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (pointerInside.current) return;
    if (next && paneRef.current?.parentElement?.closest('.Polaris-Popover')?.contains(next)) return;
    if (next && paneRef.current?.contains(next)) return;
    onCancel();
  };

  const sinceError = picker.sinceInput !== '' && picker.sinceInput.length >= 10 && !isValidYmd(picker.sinceInput);
  const untilError = picker.untilInput !== '' && picker.untilInput.length >= 10 && !isValidYmd(picker.untilInput);

  return (
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
            <div
              ref={presetsRef}
              data-testid="date-range-presets"
              style={{ height: PRESET_LIST_HEIGHT, width: PRESET_LIST_WIDTH }}
            >
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
        <div
          style={{ width: mdDown ? POPOVER_WIDTH_NARROW : POPOVER_WIDTH_LARGE, maxWidth: '100%' }}
          data-testid="date-range-calendar-pane"
        >
          <Box padding="500">
            <BlockStack gap="400">
              <div onBlur={onInputsBlur}>
                <InlineStack gap="200" wrap={false} blockAlign="start">
                  <DateInput
                    label={t('DateRange.since')}
                    value={picker.sinceInput}
                    onChange={(value) => dispatch(sinceInputChanged({ value, today }))}
                    withIcon={!mdDown}
                    placeholder={t('DateRange.dateFormat')}
                    error={sinceError ? t('DateRange.invalidDate') : undefined}
                  />
                  <div style={{ paddingTop: 28 }} aria-hidden>
                    <Icon source={ArrowRightIcon} />
                  </div>
                  <DateInput
                    label={t('DateRange.until')}
                    value={picker.untilInput}
                    onChange={(value) => dispatch(untilInputChanged({ value, today }))}
                    withIcon={!mdDown}
                    placeholder={t('DateRange.dateFormat')}
                    error={untilError ? t('DateRange.invalidDate') : undefined}
                  />
                </InlineStack>
              </div>
              {picker.open && picker.draft.period.since && (
                <DatePicker
                  month={picker.view.month}
                  year={picker.view.year}
                  selected={{
                    start: toLocalDate(picker.draft.period.since),
                    end: toLocalDate(picker.draft.period.until),
                  }}
                  onMonthChange={(month, year) => dispatch(monthChanged({ month, year }))}
                  onChange={({ start, end }) =>
                    dispatch(
                      calendarRangeSelected({ since: fromLocalDate(start), until: fromLocalDate(end ?? start), today }),
                    )
                  }
                  multiMonth={visibleMonths === 2}
                  disableDatesAfter={toLocalDate(today)}
                  weekStartsOn={firstDayOfWeek}
                  allowRange
                />
              )}
            </BlockStack>
          </Box>
        </div>
      </InlineGrid>
    </div>
  );
}

/** A typed date (YYYY-MM-DD) of the range: Since or Until; the placeholder spells the format in the language. */
function DateInput({
  label,
  value,
  onChange,
  withIcon,
  placeholder,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  withIcon: boolean;
  placeholder: string;
  error?: string;
}) {
  return (
    <div style={{ flexGrow: 1 }}>
      <TextField
        label={label}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        maxLength={10}
        autoComplete="off"
        prefix={withIcon ? <Icon source={CalendarIcon} /> : undefined}
        error={error}
      />
    </div>
  );
}
