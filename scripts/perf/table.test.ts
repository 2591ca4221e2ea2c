import {
  evaluate,
  evaluateInteraction,
  median,
  renderAppModules,
  renderInteractions,
  renderTable,
  STACK_FLOOR,
  type Sample,
} from './table';

const sample = (lcpMs: number, tbtMs = 0, cls = 0, scriptBytes = 100_000): Sample => ({
  lcpMs,
  tbtMs,
  cls,
  scriptBytes,
});

describe('perf table', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('compares each route with the floor runs interleaved with it: LCP as a ratio, TBT as a difference', () => {
    const floor = [sample(1000, 40), sample(2000, 300), sample(1100, 50)];
    const result = evaluate({ route: '/looks', samples: [sample(800, 90), sample(700, 60), sample(5000, 500)], floor });
    expect(result.lcpRatio).toBeCloseTo(800 / 1100);
    expect(result.tbtOverFloorMs).toBe(90 - 50);
    expect(result.failures).toEqual([]);
  });

  it('fails each goal it misses; the script goal reads against the stack floor', () => {
    const floor = [sample(1000, 10, 0, 100_000)];
    const stack = evaluate({ route: STACK_FLOOR, samples: [sample(1000, 10, 0, 120_000)], floor });
    const slow = [sample(900, 70, 0.02, 160_000)];
    expect(evaluate({ route: '/', samples: slow, floor }, stack).failures).toEqual([
      'script 1.33× stack > 1.25×',
      'LCP 0.90× > 0.8×',
      'TBT +60 ms > 50 ms',
      'CLS 0.020 > 0.01',
    ]);
    expect(evaluate({ route: '/', samples: [sample(700, 60, 0, 150_000)], floor }, stack).failures).toEqual([]);
  });

  it('renders the floor, the stack floor, then PASS/FAIL per route', () => {
    const floor = [sample(2000, 3, 0, 80 * 1024)];
    const stack = evaluate({ route: STACK_FLOOR, samples: [sample(2000, 5, 0, 120 * 1024)], floor });
    const app = evaluate({ route: '/', samples: [sample(1500, 20, 0.001, 150 * 1024)], floor }, stack);
    const lines = renderTable([app], floor, stack).split('\n');
    expect(lines[0]).toMatch(/^\| Page +\| LCP \(s\) \| LCP × floor \| TBT \(ms\) \| TBT − floor \(ms\) \|/);
    expect(lines[2]).toMatch(/^\| floor +\| 2\.00 +\| 1\.00× +\| 3 +\| — +\| 0\.000 \| 80\.0 /);
    expect(lines[3]).toMatch(
      /^\| stack floor +\| 2\.00 +\| 1\.00× +\| 5 +\| \+2 +\| 0\.000 \| 120\.0 +\| 1\.50× +\| 1\.00× +\| — +\|$/,
    );
    expect(lines[4]).toMatch(
      /^\| `\/` +\| 1\.50 +\| 0\.75× +\| 20 +\| \+17 +\| 0\.001 \| 150\.0 +\| 1\.88× +\| 1\.25× +\| PASS +\|$/,
    );
  });

  it('grades each interaction by the median of its runs', () => {
    const runs = [
      { name: 'open a look', route: '/looks', inpMs: [120, 250, 140] },
      { name: 'save the layout', route: '/layout', inpMs: [210, 260, 90] },
    ];
    const results = runs.map(evaluateInteraction);
    expect(results.map((r) => r.failures)).toEqual([[], ['INP 210 ms > 200 ms']]);
    expect(renderInteractions(results, runs).split('\n')[2]).toMatch(
      /^\| open a look +\| `\/looks` +\| 140 +\| 120 · 250 · 140 +\| PASS/,
    );
  });

  it('lists the app-only modules of a route, largest first, the small ones summed', () => {
    const text = renderAppModules('/looks', [
      { name: './src/a.tsx', bytes: 2048 },
      { name: './src/b.tsx', bytes: 512 },
      { name: './node_modules/x/y.js', bytes: 4096 },
    ]);
    expect(text.split('\n')).toEqual([
      '/looks: 3 modules beyond the stack floor, 6.5 KB before minification',
      '      4.0 KB  ./node_modules/x/y.js',
      '      2.0 KB  ./src/a.tsx',
      '      0.5 KB  (1 modules under 1.0 KB)',
    ]);
  });
});
