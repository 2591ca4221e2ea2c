jest.setTimeout(30_000);
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DateRangePicker } from './DateRangePicker';
import { selectAppliedDateRange } from './dateRangeSlice';
import { addDays, todayInTimeZone } from './dateRange';
import { PHONE_WIDTH, useViewportWidth } from '../../test/viewport';
import de from '../../../translations/de.json';
import { weekStartsOn } from './weekStart';
import { pressEscape } from '../../test/keys';

// The pane's chunk can be held back (a slow network), to open the popover while it still loads.
let mockPaneGate: Promise<void> = Promise.resolve();
let releasePane = () => undefined as void;
jest.mock('../lazyOnce', () => {
  const actual = jest.requireActual<typeof import('../lazyOnce')>('../lazyOnce');
  return { lazyOnce: (importer: () => Promise<never>) => actual.lazyOnce(() => mockPaneGate.then(importer)) };
});

describe('DateRangePicker', () => {
  let restoreViewport: () => void = () => undefined;
  afterEach(() => restoreViewport());
  afterEach(() => releasePane());
  // Polaris renders a popover only for a displayed activator (one with an offsetParent); jsdom has no layout.
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!;
  beforeAll(() =>
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get() {
        return this.parentNode;
      },
    }),
  );
  afterAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent));

  // First: the pane's chunk has not loaded yet in this file.
  it('opened with the keyboard, moves focus into the pane once loaded; Tab cycles through it, Escape returns to the button', async () => {
    restoreViewport = useViewportWidth(1280);
    mockPaneGate = new Promise((resolve) => (releasePane = resolve));
    const user = userEvent.setup();
    renderWithProviders(<DateRangePicker timeZone="UTC" />);
    const button = screen.getByRole('button', { name: 'Date range: Last 7 days' });

    act(() => button.focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('date-range-loading')).toBeInTheDocument();
    releasePane();
    // The selected preset takes the focus once the pane has rendered.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveFocus());

    await user.tab();
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Since')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Until')).toHaveFocus();
    const apply = screen.getByRole('button', { name: 'Apply' });
    for (let i = 0; i < 20 && !apply.matches(':focus'); i++) await user.tab(); // through the calendar and Cancel
    expect(apply).toHaveFocus();
    // Past the last control, back to the first; and the other way round.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Today' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(apply).toHaveFocus();
    expect(screen.getByTestId('date-range-popover')).toBeInTheDocument();

    await pressEscape();
    await waitFor(() => expect(screen.queryByTestId('date-range-popover')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    // Cancel with the keyboard also gives the focus back to the button.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveFocus());
    act(() => screen.getByRole('button', { name: 'Cancel' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('date-range-popover')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    // With the pointer, focus does not move into the pane (Polaris' button blurs itself on mouseup);
    // Tab from the button then goes into the pane.
    await user.click(button);
    expect(screen.getByTestId('date-range-popover')).toBeInTheDocument();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(screen.getByTestId('date-range-popover')).not.toContainElement(document.activeElement as HTMLElement);
    act(() => button.focus());
    await user.tab();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveFocus());
  });

  it('opens its pane (a chunk of its own), takes a preset and applies it; Cancel leaves the range', async () => {
    restoreViewport = useViewportWidth(1280);
    const user = userEvent.setup();
    const { store } = renderWithProviders(<DateRangePicker timeZone="UTC" />);
    const today = todayInTimeZone('UTC');
    const button = screen.getByRole('button', { name: 'Date range: Last 7 days' });

    await user.click(button);
    // The presets, the inputs and the calendar come with the pane's chunk.
    const yesterday = await screen.findByRole('button', { name: 'Yesterday' });
    expect(screen.getByLabelText('Since')).toHaveValue(addDays(today, -7));
    expect(screen.queryByTestId('date-range-loading')).not.toBeInTheDocument();

    await user.click(yesterday);
    expect(screen.getByLabelText('Since')).toHaveValue(addDays(today, -1));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByTestId('date-range-popover')).not.toBeInTheDocument());
    expect(selectAppliedDateRange(store.getState(), today).alias).toBe('yesterday');
    expect(screen.getByRole('button', { name: 'Date range: Yesterday' })).toBeInTheDocument();

    // Once loaded, the pane renders at once (no loading state) and Cancel keeps the applied range.
    await user.click(screen.getByRole('button', { name: 'Date range: Yesterday' }));
    expect(screen.getByTestId('date-range-popover')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('date-range-popover')).not.toBeInTheDocument());
    expect(selectAppliedDateRange(store.getState(), today).alias).toBe('yesterday');
  });

  it('on a phone, shows the presets as a select', async () => {
    restoreViewport = useViewportWidth(PHONE_WIDTH);
    const user = userEvent.setup();
    renderWithProviders(<DateRangePicker timeZone="UTC" />);
    await user.click(screen.getByRole('button', { name: 'Date range: Last 7 days' }));
    const select = await screen.findByRole('combobox', { name: 'Date range' });
    expect(select).toHaveValue('last7days');
    expect(screen.queryByRole('button', { name: 'Yesterday' })).not.toBeInTheDocument();
  });

  it('on a phone, opened with the keyboard, moves focus to the presets select', async () => {
    restoreViewport = useViewportWidth(PHONE_WIDTH);
    const user = userEvent.setup();
    renderWithProviders(<DateRangePicker timeZone="UTC" />);
    act(() => screen.getByRole('button', { name: 'Date range: Last 7 days' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveFocus());
  });

  it('in German, the calendar weeks start on Monday', async () => {
    restoreViewport = useViewportWidth(1280);
    const user = userEvent.setup();
    renderWithProviders(<DateRangePicker timeZone="UTC" />, { locale: 'de', messages: de });
    await user.click(screen.getByRole('button', { name: 'Zeitraum: Letzte 7 Tage' }));
    await screen.findByTestId('date-range-popover');
    const weekdays = screen.getAllByRole('columnheader');
    expect(weekdays[0]).toHaveTextContent('Mo');
    expect(weekdays[6]).toHaveTextContent('Su'); // Polaris' English day names in this test (the app gives it German ones)
  });

  it('without Intl week info, takes the first weekday from a table (Monday for de/fr/it/es, Sunday for en)', () => {
    const proto = Intl.Locale.prototype as unknown as Record<string, unknown>;
    const saved = (['weekInfo', 'getWeekInfo'] as const).map(
      (key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const,
    );
    try {
      for (const [key] of saved) delete proto[key];
      expect(new Intl.Locale('de') as unknown as Record<string, unknown>).not.toHaveProperty('weekInfo');
      expect(['en', 'de', 'fr', 'it', 'es'].map(weekStartsOn)).toEqual([0, 1, 1, 1, 1]);
    } finally {
      for (const [key, descriptor] of saved) if (descriptor) Object.defineProperty(proto, key, descriptor);
    }
    expect(['en', 'de', 'fr', 'it', 'es'].map(weekStartsOn)).toEqual([0, 1, 1, 1, 1]);
  });

  it('shows the expected date format in the language as the Since/Until placeholder', async () => {
    restoreViewport = useViewportWidth(1280);
    const user = userEvent.setup();
    renderWithProviders(<DateRangePicker timeZone="UTC" />, { locale: 'de', messages: de });
    await user.click(screen.getByRole('button', { name: 'Zeitraum: Letzte 7 Tage' }));
    expect(await screen.findByLabelText('Von')).toHaveAttribute('placeholder', 'JJJJ-MM-TT');
    expect(screen.getByLabelText('Bis')).toHaveAttribute('placeholder', 'JJJJ-MM-TT');
  });
});
