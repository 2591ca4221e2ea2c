import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { StatsSeriesPoint } from '../../contracts/analytics';
import RevenueChart, { axisLabelIndices, MIN_LABEL_SPACING } from './RevenueChart';

const days = (n: number): StatsSeriesPoint[] =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10),
    orders: 1,
    generatedRevenue: 100 + i,
    addToCartRevenue: 0,
  }));

describe('axisLabelIndices', () => {
  it.each([
    [30, 768],
    [30, 250],
    [7, 250],
    [90, 1000],
    [365, 320],
  ])('%i days on %i px: the last day labelled, labels at least the minimum apart', (count, width) => {
    const indices = axisLabelIndices(count, width);
    expect(indices.at(-1)).toBe(count - 1);
    const perDay = width / (count - 1);
    for (let k = 1; k < indices.length; k += 1)
      expect((indices[k] - indices[k - 1]) * perDay).toBeGreaterThanOrEqual(MIN_LABEL_SPACING);
  });

  it('labels every day when there is room; one day is one label', () => {
    expect(axisLabelIndices(7, 800)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(axisLabelIndices(1, 300)).toEqual([0]);
    expect(axisLabelIndices(0, 300)).toEqual([]);
  });
});

describe('RevenueChart', () => {
  const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  afterEach(() => {
    if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
  });

  it('30 days on a desktop-wide card: the date labels do not run into each other', () => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 844 });
    renderWithProviders(<RevenueChart series={days(30)} formatMoney={(v) => `$${v}`} />);
    // The x axis: the text along the chart's bottom edge.
    const labels = [...screen.getByTestId('revenue-chart').querySelectorAll('text')].filter((t) =>
      /^[A-Z][a-z]{2} \d+$/.test(t.textContent ?? ''),
    );
    expect(labels.at(-1)).toHaveTextContent('Nov 23');
    const xs = labels.map((label) => Number(label.getAttribute('x')));
    for (let k = 1; k < xs.length; k += 1) expect(xs[k] - xs[k - 1]).toBeGreaterThanOrEqual(MIN_LABEL_SPACING);
  });

  it('one day (Today, Yesterday) is a bar up to its value with a dot, not an invisible one-point line', () => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 844 });
    renderWithProviders(<RevenueChart series={days(1)} formatMoney={(v) => `$${v}`} />);
    const chart = screen.getByTestId('revenue-chart');
    const day = screen.getByTestId('single-day');
    const bar = day.querySelector('rect')!;
    const dot = day.querySelector('circle')!;
    expect(Number(bar.getAttribute('height'))).toBeGreaterThan(0);
    expect(Number(bar.getAttribute('y'))).toBe(Number(dot.getAttribute('cy')));
    expect(chart.querySelectorAll('path')).toHaveLength(0);
    expect(chart.querySelector('title')).toHaveTextContent('Oct 25: $100');
  });

  it('two days or more are an area under a line', () => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 844 });
    renderWithProviders(<RevenueChart series={days(2)} formatMoney={(v) => `$${v}`} />);
    expect(screen.getByTestId('revenue-chart').querySelectorAll('path')).toHaveLength(2);
    expect(screen.queryByTestId('single-day')).not.toBeInTheDocument();
  });
});
