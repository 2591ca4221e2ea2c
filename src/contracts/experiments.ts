/**
 * A/B tests of a look (issue 16): the API's shapes and input schemas. GET /experiments answers a list
 * of experiments; each variant carries its funnel (impressions, conversions) and the Bayesian
 * beta-binomial result (./experimentMath.ts). A conversion is a visitor who added an item of the look
 * to the cart, per visitor who saw it (both counted once per visitor, variant and day). The input
 * schemas are in ./experiments.schema.
 */
export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/** The method named on screen. */
export const EXPERIMENT_METHOD = 'bayesian-beta-binomial' as const;
/** What counts as a conversion (named on screen). */
export const EXPERIMENT_CONVERSION = 'add_to_cart_per_impression' as const;
/** Guard against peeking: no probability before every variant has this many impressions… */
export const MIN_IMPRESSIONS_PER_VARIANT = 100;
/** …and the variants together this many conversions. */
export const MIN_TOTAL_CONVERSIONS = 10;
/** A variant is called the winner when the probability that it beats the control (or the control beats it) reaches this. */
export const DECISION_PROBABILITY = 0.95;
export const VARIANT_NAME_MAX = 60;
export const CONTROL_NAME = 'A';

export interface ExperimentVariant {
  id: number;
  name: string;
  /** Percent of shoppers. */
  split: number;
  impressions: number;
  conversions: number;
  /** P(this variant's conversion rate > the control's), in [0, 1]; null for the control and while the sample is too small. */
  probabilityToBeatControl: number | null;
  isControl: boolean;
  /** The image shown instead of the look's (null: the look's). */
  imageUrl: string | null;
  /** The layout template shown instead of the look's (null: the look's). */
  template: string | null;
  /** conversions / impressions (null without impressions). */
  conversionRate: number | null;
  /** The equal-tailed 95 % credible interval of the conversion rate (Beta(1, 1) prior). */
  credibleInterval: { low: number; high: number };
}

export interface Experiment {
  id: number;
  lookId: number;
  lookTitle: string;
  /** The look is active: a draft look is shown to no shopper, so a test of it gathers nothing. */
  lookActive: boolean;
  status: ExperimentStatus;
  createdAt: string;
  startedAt: string | null;
  stoppedAt: string | null;
  /** The variant applied to the look as the winner. */
  appliedVariantId: number | null;
  method: typeof EXPERIMENT_METHOD;
  conversion: typeof EXPERIMENT_CONVERSION;
  /** Too early to decide: fewer than MIN_IMPRESSIONS_PER_VARIANT impressions in a variant or MIN_TOTAL_CONVERSIONS conversions in all. */
  sampleTooSmall: boolean;
  variants: ExperimentVariant[];
}

/** GET /experiments (optionally ?lookId=). */
export type ExperimentList = Experiment[];

export interface ExperimentVariantInput {
  name: string;
  imageUrl: string | null;
  template: string | null;
}

/** POST /experiments: a draft with the control (the look as it is) and variant B. `split` is B's share. */
export interface ExperimentCreateInput {
  lookId: number;
  split: number;
  variant: ExperimentVariantInput;
}

/** PATCH /experiments/:id: split and variant while draft; status draft → running → stopped. */
export interface ExperimentUpdateInput {
  split?: number;
  variant?: ExperimentVariantInput;
  status?: 'running' | 'stopped';
}
