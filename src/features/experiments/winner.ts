import { DECISION_PROBABILITY, type Experiment, type ExperimentVariant } from '../../contracts/experiments';

export interface Leader {
  /** The variant ahead: the challenger most likely to beat the control when above one half, else the control. */
  variant: ExperimentVariant;
  /** The probability that the leader is the better one (for the control: that it beats the best challenger). */
  probability: number;
  /** Decided: that probability reached DECISION_PROBABILITY; otherwise "no clear winner yet". */
  decided: boolean;
}

/**
 * The variant ahead, or none while the sample is too small (the guard against peeking). A leader below
 * DECISION_PROBABILITY is only "ahead": the screen says there is no clear winner yet, and applying it
 * is the merchant's call, not offered as the winner.
 */
export function leadingVariant(experiment: Experiment): Leader | null {
  if (experiment.sampleTooSmall) return null;
  const control = experiment.variants.find((v) => v.isControl);
  const best = experiment.variants
    .filter((v) => !v.isControl && v.probabilityToBeatControl !== null)
    .sort((a, b) => (b.probabilityToBeatControl ?? 0) - (a.probabilityToBeatControl ?? 0))[0];
  if (!best || !control) return null;
  const p = best.probabilityToBeatControl ?? 0;
  const [variant, probability] = p > 0.5 ? [best, p] : [control, 1 - p];
  return { variant, probability, decided: probability >= DECISION_PROBABILITY };
}
