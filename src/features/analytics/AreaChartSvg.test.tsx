import { renderWithProviders } from '../../test/renderWithProviders';
import { AreaChartSvg } from './AreaChartSvg';

describe('AreaChartSvg', () => {
  it("makes room left of the plot for the language's longest value label (never drawn past the edge)", () => {
    const long = (v: number) => `${new Intl.NumberFormat('fr', { maximumFractionDigits: 0 }).format(v)} $US`;
    const { container } = renderWithProviders(
      <AreaChartSvg
        width={600}
        height={180}
        padLeft={56}
        dates={['2026-11-01', '2026-11-02']}
        values={[1500, 2400]}
        format={long}
        ariaLabel="chart"
        testId="chart"
      />,
    );
    const labels = [...container.querySelectorAll('text[text-anchor="end"]')].filter((l) =>
      l.textContent!.endsWith('$US'),
    );
    expect(labels.map((l) => l.textContent)).toContain(long(2000));
    for (const label of labels) {
      // Right-aligned at x: its start is x minus its width (at most 6.6 px per 11 px character).
      expect(Number(label.getAttribute('x')) - label.textContent!.length * 6.6).toBeGreaterThanOrEqual(0);
    }
  });
});
