import type { Experiment, ExperimentVariant } from '../../contracts/experiments';

/**
 * The variant to apply in one click: none while the sample is too small (the guard against peeking);
 * else the challenger most likely to beat the control when that probability is above one half,
 * otherwise the control.
 */
export function leadingVariant(experiment: Experiment): ExperimentVariant | null {
  if (experiment.sampleTooSmall) return null;
  const control = experiment.variants.find((v) => v.isControl) ?? null;
  const best = experiment.variants
    .filter((v) => !v.isControl && v.probabilityToBeatControl !== null)
    .sort((a, b) => (b.probabilityToBeatControl ?? 0) - (a.probabilityToBeatControl ?? 0))[0];
  return best && (best.probabilityToBeatControl ?? 0) > 0.5 ? best : control;
}
