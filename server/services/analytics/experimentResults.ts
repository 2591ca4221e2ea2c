import {
  EXPERIMENT_CONVERSION,
  EXPERIMENT_METHOD,
  MIN_IMPRESSIONS_PER_VARIANT,
  MIN_TOTAL_CONVERSIONS,
  type Experiment,
  type ExperimentStatus,
  type ExperimentVariant,
} from '../../../src/contracts/experiments';
import { credibleInterval, posterior, probabilityBBeatsA } from '../../../src/contracts/experimentMath';

export interface ExperimentRow {
  id: number;
  lookId: number;
  lookTitle: string;
  lookActive: boolean;
  status: ExperimentStatus;
  createdAt: Date | string;
  startedAt: Date | string | null;
  stoppedAt: Date | string | null;
  appliedVariantId: number | null;
}

export interface VariantRow {
  id: number;
  experimentId: number;
  name: string;
  isControl: boolean;
  split: number;
  imageUrl: string | null;
  template: string | null;
  impressions: number | string | null;
  conversions: number | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const round = (v: number, digits = 6) => Math.round(v * 10 ** digits) / 10 ** digits;

/** True while the sample is too small to decide (the guard against peeking, named on screen). */
export function isSampleTooSmall(variants: ReadonlyArray<{ impressions: number; conversions: number }>): boolean {
  if (variants.length < 2) return true;
  const conversions = variants.reduce((s, v) => s + Math.min(v.conversions, v.impressions), 0);
  return variants.some((v) => v.impressions < MIN_IMPRESSIONS_PER_VARIANT) || conversions < MIN_TOTAL_CONVERSIONS;
}

/** One experiment of the API: its variants' funnels, credible intervals and P(beats the control). */
export function summarizeExperiment(row: ExperimentRow, variantRows: readonly VariantRow[]): Experiment {
  const counted = variantRows.map((v) => ({
    ...v,
    impressions: Number(v.impressions ?? 0),
    conversions: Number(v.conversions ?? 0),
  }));
  const tooSmall = isSampleTooSmall(counted);
  const control = counted.find((v) => v.isControl);
  const controlPosterior = control ? posterior(control.impressions, control.conversions) : null;
  const variants: ExperimentVariant[] = counted.map((v) => {
    const post = posterior(v.impressions, v.conversions);
    const interval = credibleInterval(post);
    return {
      id: v.id,
      name: v.name,
      split: v.split,
      impressions: v.impressions,
      conversions: v.conversions,
      probabilityToBeatControl:
        tooSmall || v.isControl || !controlPosterior ? null : round(probabilityBBeatsA(controlPosterior, post)),
      isControl: v.isControl,
      imageUrl: v.imageUrl,
      template: v.template,
      conversionRate: v.impressions ? round(Math.min(v.conversions, v.impressions) / v.impressions) : null,
      credibleInterval: { low: round(interval.low), high: round(interval.high) },
    };
  });
  return {
    id: row.id,
    lookId: row.lookId,
    lookTitle: row.lookTitle,
    lookActive: row.lookActive,
    status: row.status,
    createdAt: iso(row.createdAt) ?? '',
    startedAt: iso(row.startedAt),
    stoppedAt: iso(row.stoppedAt),
    appliedVariantId: row.appliedVariantId,
    method: EXPERIMENT_METHOD,
    conversion: EXPERIMENT_CONVERSION,
    sampleTooSmall: tooSmall,
    variants,
  };
}
