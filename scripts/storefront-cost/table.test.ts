import { costRows, renderCostTable, summarize, type CostSample } from './table';

const s = (lcpMs: number, tbtMs: number, scriptBytes: number, dataRequests = 0): CostSample => ({
  lcpMs,
  tbtMs,
  cls: 0,
  scriptBytes,
  dataRequests,
});

describe('storefront cost table', () => {
  it('compares medians and holds the deltas to the goals', () => {
    const r = summarize(
      [s(1000, 0, 0), s(1200, 10, 0), s(1100, 5, 0)],
      [s(1150, 20, 4300), s(1190, 30, 4300), s(5000, 200, 4300)],
      4200,
    );
    expect(r.with).toMatchObject({ lcpMs: 1190, tbtMs: 30, scriptBytes: 4300 });
    expect(r.without).toMatchObject({ lcpMs: 1100, tbtMs: 5 });
    const rows = costRows(r);
    expect(rows.map((row) => [row.metric, row.delta, row.pass])).toEqual([
      ['JS (transfer; looks.js gzip)', '+4.2 KB (4.1 KB)', true],
      ['requests to /api/, /apps/', '+0', true],
      ['TBT', '+25 ms', true],
      ['LCP', '+90 ms', true],
      ['CLS', '+0.000', true],
    ]);
    expect(renderCostTable(r)).toContain('| LCP ');
  });

  it('fails a data request during load, a heavy script and a slow LCP', () => {
    const rows = costRows(summarize([s(1000, 0, 0)], [s(1200, 50, 12000, 1)], 11000));
    expect(rows.filter((row) => !row.pass).map((row) => row.metric)).toEqual([
      'JS (transfer; looks.js gzip)',
      'requests to /api/, /apps/',
      'TBT',
      'LCP',
    ]);
    expect(renderCostTable(summarize([s(1000, 0, 0)], [s(1200, 50, 12000, 1)], 11000))).toContain('FAIL');
  });
});
