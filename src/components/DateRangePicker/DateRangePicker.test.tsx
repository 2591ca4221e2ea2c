jest.setTimeout(30_000);
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DateRangePicker } from './DateRangePicker';
import { selectAppliedDateRange } from './dateRangeSlice';
import { addDays, todayInTimeZone } from './dateRange';
import { PHONE_WIDTH, useViewportWidth } from '../../test/viewport';

describe('DateRangePicker', () => {
  let restoreViewport: () => void = () => undefined;
  afterEach(() => restoreViewport());
  // Polaris renders a popover only for a displayed activator (one with an offsetParent); jsdom has no layout.
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!;
  beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get() { return this.parentNode; } }));
  afterAll(() => Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent));

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
});
