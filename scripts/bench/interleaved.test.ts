import { median, summarize } from './interleaved';

const phase = (p50: number, p99: number, max: number, total: number, non2xx = 0) =>
  ({ latency: { p50, p99, max }, requests: { total }, non2xx, errors: 0 }) as unknown as Parameters<
    typeof summarize
  >[0][number];

describe('interleaved bench phases', () => {
  it('takes the median of the phase percentiles, the worst max and every request', () => {
    const s = summarize([phase(3, 20, 40, 1000), phase(4, 90, 120, 1000, 2), phase(2, 25, 30, 1000)]);
    expect(s).toEqual({ p50: 3, p99: 25, max: 120, requests: 3000, non2xx: 2, errors: 0 });
  });

  it('median of an even count is the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
