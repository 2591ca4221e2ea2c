import { evaluate, median, renderTable, STACK_FLOOR, stackFloorNote, type Sample } from './table';

const sample = (lcpMs: number, tbtMs = 0, cls = 0, scriptBytes = 100_000): Sample => ({ lcpMs, tbtMs, cls, scriptBytes });

describe('perf table', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('compares each route with the floor runs interleaved with it', () => {
    const floor = [sample(1000), sample(2000), sample(1100)];
    const result = evaluate({ route: '/looks', samples: [sample(1400), sample(1300), sample(5000)], floor });
    expect(result.lcpRatio).toBeCloseTo(1400 / 1100);
    expect(result.failures).toEqual([]);
  });

  it('fails each goal it misses, the script goal on / only', () => {
    const floor = [sample(1000, 0, 0, 100_000)];
    const slow = [sample(1400, 150, 0.02, 200_000)];
    expect(evaluate({ route: '/', samples: slow, floor }).failures).toEqual([
      'LCP 1.40× > 1.3×',
      'TBT 150 ms > 100 ms',
      'CLS 0.020 > 0.01',
      'script 2.00× > 1.3×',
    ]);
    expect(evaluate({ route: '/analytics', samples: slow, floor }).failures).toHaveLength(3);
  });

  it('renders the floor first, then PASS/FAIL per route', () => {
    const floor = [sample(1900, 3, 0, 86_016)];
    const table = renderTable([evaluate({ route: '/', samples: [sample(2000, 20, 0.001, 100_000)], floor })], floor);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^\| Page +\| LCP \(s\) \| LCP × floor \|/);
    expect(lines[2]).toMatch(/^\| floor +\| 1\.90 +\| 1\.00× +\| 3 +\| 0\.000 \| 84\.0 /);
    expect(lines[3]).toMatch(/^\| `\/` +\| 2\.00 +\| 1\.05× +\| 20 +\| 0\.001 \| 97\.7 +\| 1\.16× +\| — +\| PASS/);
  });

  it('puts the stack floor under the floor, ungraded, and reads each route against it', () => {
    const floor = [sample(1900, 3, 0, 80 * 1024)];
    const stack = evaluate({ route: STACK_FLOOR, samples: [sample(2000, 5, 0, 120 * 1024)], floor });
    const app = evaluate({ route: '/', samples: [sample(2000, 20, 0.001, 150 * 1024)], floor });
    const lines = renderTable([app], floor, stack).split('\n');
    expect(lines[0]).toMatch(/\| Script × floor \| Script × stack floor \| Result/);
    expect(lines[3]).toMatch(/^\| stack floor +\| 2\.00 +\| 1\.05× +\| 5 +\| 0\.000 \| 120\.0 +\| 1\.50× +\| 1\.00× +\| — +\|$/);
    expect(lines[4]).toMatch(/^\| `\/` .*\| 150\.0 +\| 1\.88× +\| 1\.25× +\| FAIL: script 1\.88× > 1\.3× \|$/);
  });

  it('says whether the goal leaves room for the product above the stack floor', () => {
    const floor = [sample(1900, 3, 0, 100 * 1024)];
    expect(stackFloorNote(evaluate({ route: STACK_FLOOR, samples: [sample(1, 0, 0, 150 * 1024)], floor }))).toMatch(/150\.0 KB of script, 1\.50× the floor: above the script goal \(1\.3×\) before any/);
    expect(stackFloorNote(evaluate({ route: STACK_FLOOR, samples: [sample(1, 0, 0, 110 * 1024)], floor }))).toMatch(/1\.10× the floor: the script goal \(1\.3×\) leaves 20\.0 KB for the product/);
  });
});
