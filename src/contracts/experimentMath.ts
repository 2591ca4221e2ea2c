/**
 * The statistics of an A/B test of a look (issue 16), pure and deterministic (no sampling), shared
 * by the server (API answers) and the admin: a Bayesian beta-binomial model with Beta(1, 1) priors.
 * A variant with `n` impressions and `c` conversions has the posterior Beta(1 + c, 1 + n − c).
 */

/** Lanczos approximation of ln Γ(x) for x > 0 (g = 7, n = 9; relative error about 1e-15). */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

export const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** A Beta posterior's parameters. */
export interface BetaPosterior {
  alpha: number;
  beta: number;
}

/** The posterior of a conversion rate after `impressions` trials with `conversions` successes (Beta(1, 1) prior; conversions capped at impressions). */
export function posterior(impressions: number, conversions: number): BetaPosterior {
  const n = Math.max(0, Math.floor(impressions));
  const c = Math.min(n, Math.max(0, Math.floor(conversions)));
  return { alpha: 1 + c, beta: 1 + n - c };
}

/**
 * P(p_B > p_A) for independent p_A ~ Beta(αA, βA), p_B ~ Beta(αB, βB) with integer αB, exactly
 * (the closed-form sum, e.g. Evan Miller, "Formulas for Bayesian A/B testing"):
 * Σ_{i=0}^{αB−1} B(αA + i, βA + βB) / ((βB + i) · B(1 + i, βB) · B(αA, βA)).
 * Runs the sum over the smaller side (P(B > A) = 1 − P(A > B) for continuous posteriors).
 */
export function probabilityBBeatsA(a: BetaPosterior, b: BetaPosterior): number {
  if (b.alpha > a.alpha) return clamp01(1 - probabilityBBeatsA(b, a));
  let total = 0;
  const base = logBeta(a.alpha, a.beta);
  for (let i = 0; i < b.alpha; i++) {
    total += Math.exp(logBeta(a.alpha + i, a.beta + b.beta) - Math.log(b.beta + i) - logBeta(1 + i, b.beta) - base);
  }
  return clamp01(total);
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Continued fraction of the regularized incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const TINY = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-14) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b), the CDF of Beta(a, b) at x. */
export function betaCdf(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - logBeta(a, b));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** The q-quantile of Beta(a, b), by bisection on the CDF (deterministic, to about 1e-12). */
export function betaQuantile(q: number, a: number, b: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (betaCdf(mid, a, b) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The equal-tailed 95 % credible interval of a posterior. */
export function credibleInterval(p: BetaPosterior, level = 0.95): { low: number; high: number } {
  const tail = (1 - level) / 2;
  return { low: betaQuantile(tail, p.alpha, p.beta), high: betaQuantile(1 - tail, p.alpha, p.beta) };
}
