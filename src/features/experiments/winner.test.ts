import type { Experiment, ExperimentVariant } from '../../contracts/experiments';
import { leadingVariant } from './winner';

const v = (id: number, p: number | null): ExperimentVariant => ({
  id,
  name: id === 1 ? 'A' : 'B',
  split: 50,
  impressions: 500,
  conversions: 20,
  probabilityToBeatControl: id === 1 ? null : p,
  isControl: id === 1,
  imageUrl: null,
  template: null,
  conversionRate: 0.04,
  credibleInterval: { low: 0.03, high: 0.05 },
});
const exp = (p: number | null, sampleTooSmall = false) =>
  ({ sampleTooSmall, variants: [v(1, null), v(2, p)] }) as unknown as Experiment;

describe('leadingVariant', () => {
  it('is none while the sample is too small, whatever the probability', () => {
    expect(leadingVariant(exp(0.99, true))).toBeNull();
  });
  it('names B the winner at 95 % and above, only ahead below', () => {
    expect(leadingVariant(exp(0.95))).toMatchObject({ variant: { id: 2 }, probability: 0.95, decided: true });
    expect(leadingVariant(exp(0.949))).toMatchObject({ variant: { id: 2 }, decided: false });
  });
  it('names the control when B is likely worse, with the complementary probability', () => {
    const leader = leadingVariant(exp(0.03))!;
    expect(leader.variant.id).toBe(1);
    expect(leader.probability).toBeCloseTo(0.97);
    expect(leader.decided).toBe(true);
    expect(leadingVariant(exp(0.5))).toMatchObject({ variant: { id: 1 }, decided: false });
  });
});
