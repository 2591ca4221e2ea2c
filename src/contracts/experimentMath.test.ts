import { betaCdf, betaQuantile, credibleInterval, logGamma, posterior, probabilityBBeatsA } from './experimentMath';

/** P(B > A) by a midpoint rule over the density of B times the CDF of A (an independent check). */
function numeric(a: { alpha: number; beta: number }, b: { alpha: number; beta: number }, steps = 20_000) {
  let s = 0;
  for (let i = 0; i < steps; i++) {
    const x = (i + 0.5) / steps;
    const dens = betaCdf(x + 0.5 / steps, b.alpha, b.beta) - betaCdf(x - 0.5 / steps, b.alpha, b.beta);
    s += dens * betaCdf(x, a.alpha, a.beta);
  }
  return s;
}

describe('experiment math', () => {
  it('log-gamma matches factorials', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(logGamma(101)).toBeCloseTo(363.73937555556347, 9);
  });

  it('equal data gives 0.5', () => {
    expect(probabilityBBeatsA(posterior(1000, 50), posterior(1000, 50))).toBeCloseTo(0.5, 10);
    expect(probabilityBBeatsA(posterior(0, 0), posterior(0, 0))).toBeCloseTo(0.5, 12);
  });

  it('matches known closed forms', () => {
    // A ~ Beta(1,1), B ~ Beta(2,1): ∫ 2x · x dx = 2/3.
    expect(probabilityBBeatsA({ alpha: 1, beta: 1 }, { alpha: 2, beta: 1 })).toBeCloseTo(2 / 3, 12);
    expect(probabilityBBeatsA({ alpha: 2, beta: 1 }, { alpha: 1, beta: 1 })).toBeCloseTo(1 / 3, 12);
    // A ~ Beta(1,2), B ~ Beta(2,1): 1 − P(B < A) = 1 − 1/6 = 5/6.
    expect(probabilityBBeatsA({ alpha: 1, beta: 2 }, { alpha: 2, beta: 1 })).toBeCloseTo(5 / 6, 12);
  });

  it('agrees with numeric integration on realistic data, and is symmetric', () => {
    const a = posterior(1200, 60);
    const b = posterior(1150, 75);
    const p = probabilityBBeatsA(a, b);
    expect(p).toBeCloseTo(numeric(a, b), 4);
    expect(p).toBeGreaterThan(0.85);
    expect(p).toBeLessThan(0.95);
    expect(p + probabilityBBeatsA(b, a)).toBeCloseTo(1, 10);
  });

  it('the credible interval holds 95 % and surrounds the mean', () => {
    const p = posterior(400, 20);
    const { low, high } = credibleInterval(p);
    expect(betaCdf(high, p.alpha, p.beta) - betaCdf(low, p.alpha, p.beta)).toBeCloseTo(0.95, 8);
    expect(low).toBeLessThan(21 / 402);
    expect(high).toBeGreaterThan(21 / 402);
    // Beta(1,1): the uniform quantiles.
    expect(betaQuantile(0.025, 1, 1)).toBeCloseTo(0.025, 10);
    // Beta(2,1): CDF x², quantile √q.
    expect(betaQuantile(0.5, 2, 1)).toBeCloseTo(Math.SQRT1_2, 10);
  });

  it('caps conversions at impressions', () => {
    expect(posterior(10, 25)).toEqual({ alpha: 11, beta: 1 });
  });
});
