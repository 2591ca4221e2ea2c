import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Box, Button, InlineStack, Popover, Spinner, useBreakpoints } from '@shopify/polaris';
import { CalendarIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { lazyOnce } from '../lazyOnce';
import { applied, pickerCancelled, pickerOpened, selectAppliedDateRange, selectPicker, visibleMonthsChanged, type DateRangeState } from './dateRangeSlice';
import { todayInTimeZone, type DateRange } from './dateRange';
import { POPOVER_WIDTH_LARGE, POPOVER_WIDTH_NARROW, PRESET_LIST_HEIGHT, PRESET_LIST_WIDTH } from './sizes';

type State = { dateRange: DateRangeState };

/** The open picker's content, loaded when the pointer or focus reaches the button (or on its click). */
const pane = lazyOnce(() => import(/* webpackChunkName: "date-range-pane" */ './DateRangePane'));
const preloadPane = () => void pane.load().catch(() => undefined);

/**
 * SPEC §2/§4/§5/§9 date range picker: a button with the range title opening a
 * popover with presets, Since/Until inputs and a calendar (DateRangePane); the
 * selection is a draft (in the dateRange slice) until Apply. All rules live in
 * the slice.
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

  useEffect(() => {
    if (picker.open) dispatch(visibleMonthsChanged(visibleMonths));
  }, [visibleMonths, picker.open, dispatch]);

  // A picker left open by an unmounting page must not reopen on the next visit.
  useEffect(() => () => void dispatch(pickerCancelled()), [dispatch]);

  const titleOf = (range: DateRange) =>
    range.alias === 'custom'
      ? t('DateRange.customTitle', { since: range.period.since, until: range.period.until })
      : t(`DateRange.presets.${range.alias}`);

  const cancel = () => dispatch(pickerCancelled());
  const toggle = () => {
    if (picker.open) return cancel();
    preloadPane();
    dispatch(pickerOpened({ today, visibleMonths }));
  };

  const activator = (
    <Button
      icon={CalendarIcon}
      onClick={toggle}
      onMouseEnter={preloadPane}
      onFocus={preloadPane}
      onTouchStart={preloadPane}
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
        <pane.Slot today={today} visibleMonths={visibleMonths} onCancel={cancel} fallback={<PaneLoading visibleMonths={visibleMonths} />} />
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

/** While the pane's chunk loads (opened before it arrived): a box of the pane's size with a spinner. */
function PaneLoading({ visibleMonths }: { visibleMonths: 1 | 2 }) {
  const intl = useIntl();
  const width = visibleMonths === 1 ? POPOVER_WIDTH_NARROW : PRESET_LIST_WIDTH + POPOVER_WIDTH_LARGE;
  return (
    <div data-testid="date-range-loading" style={{ width, maxWidth: '100%', height: PRESET_LIST_HEIGHT }}>
      <Box padding="500">
        <InlineStack align="center">
          <Spinner size="small" accessibilityLabel={intl.formatMessage({ id: 'DateRange.loading' })} />
        </InlineStack>
      </Box>
    </div>
  );
}
