import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Box, Button, InlineStack, Popover, Spinner, useBreakpoints } from '@shopify/polaris';
import { CalendarIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { lazyOnce } from '../lazyOnce';
import {
  applied,
  pickerCancelled,
  pickerOpened,
  selectAppliedDateRange,
  selectPicker,
  visibleMonthsChanged,
  type DateRangeState,
} from './dateRangeSlice';
import { todayInTimeZone, type DateRange } from './dateRange';
import { POPOVER_WIDTH_LARGE, POPOVER_WIDTH_NARROW, PRESET_LIST_HEIGHT, PRESET_LIST_WIDTH } from './sizes';
import { tabbableIn } from './focus';

type State = { dateRange: DateRangeState };

/** The open picker's content, loaded when the pointer or focus reaches the button (or on its click). */
const pane = lazyOnce(() => import(/* webpackChunkName: "date-range-pane" */ './DateRangePane'));
const preloadPane = () => void pane.load().catch(() => undefined);

/**
 * SPEC §2/§4/§5/§9 date range picker: a button with the range title opening a
 * popover with presets, Since/Until inputs and a calendar (DateRangePane); the
 * selection is a draft (in the dateRange slice) until Apply. All rules live in
 * the slice.
 *
 * Keyboard: opened with Enter or Space (or Tab from the open button), focus
 * moves into the pane — the selected preset — once it has rendered; Tab and
 * Shift+Tab cycle through the presets, the inputs, the calendar and
 * Cancel/Apply; Escape, Cancel and Apply close and return focus to the button.
 * Opened with the pointer, focus stays where it was (Polaris' autofocus is
 * off for that reason, and because it would run before a loading pane exists).
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
  const buttonId = useId();
  const [focusPane, setFocusPane] = useState(false);
  const pointerOnButton = useRef(false);
  const paneArea = useRef<HTMLDivElement>(null);
  const actionsArea = useRef<HTMLDivElement>(null);

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
    const byPointer = pointerOnButton.current;
    pointerOnButton.current = false;
    if (picker.open) return cancel();
    preloadPane();
    // A click without a pointer before it is the keyboard's (or a screen reader's).
    setFocusPane(!byPointer);
    dispatch(pickerOpened({ today, visibleMonths }));
  };
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    pointerOnButton.current = false;
    // Opened with the pointer, Tab goes on into the pane (rendered in a portal, it is not next in the page's order).
    if (event.key === 'Tab' && !event.shiftKey && picker.open) {
      event.preventDefault();
      setFocusPane(true);
    }
  };

  /** Tab past Apply comes back to the first preset, Shift+Tab before it goes to Apply. */
  const cycleFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...tabbableIn(paneArea.current), ...tabbableIn(actionsArea.current)];
    const [first, last] = [controls[0], controls[controls.length - 1]];
    if (event.target !== (event.shiftKey ? first : last)) return;
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  };

  /** Cancel and Apply: a focus inside the popover goes back to the button (not lost with the popover). */
  const closeWith = (close: () => void) => () => {
    const focusInside = [paneArea.current, actionsArea.current].some((area) => area?.contains(document.activeElement));
    close();
    if (focusInside) document.getElementById(buttonId)?.focus();
  };

  const activator = (
    <Button
      id={buttonId}
      icon={CalendarIcon}
      onClick={toggle}
      onPointerDown={() => (pointerOnButton.current = true)}
      onKeyDown={onButtonKeyDown}
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
        <div ref={paneArea} onKeyDown={cycleFocus}>
          <pane.Slot
            today={today}
            visibleMonths={visibleMonths}
            onCancel={cancel}
            autoFocus={focusPane}
            fallback={<PaneLoading visibleMonths={visibleMonths} />}
          />
        </div>
      </Popover.Pane>
      <Popover.Pane fixed>
        <Popover.Section>
          <div ref={actionsArea} onKeyDown={cycleFocus}>
            <InlineStack align="end" gap="200">
              <Button onClick={closeWith(cancel)}>{t('DateRange.cancel')}</Button>
              <Button variant="primary" onClick={closeWith(() => dispatch(applied()))}>
                {t('DateRange.apply')}
              </Button>
            </InlineStack>
          </div>
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
