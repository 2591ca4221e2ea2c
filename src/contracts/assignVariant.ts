/**
 * Deterministic assignment of a shopper to an A/B test variant (issue 16): the same visitor id always
 * lands in the same variant of an experiment, different experiments split independently, and the
 * buckets follow the splits (percentages summing to 100). Pure, so the storefront script can import it.
 */

export interface SplitVariant {
  id: number;
  /** Share of shoppers in percent (the splits of an experiment sum to 100). */
  split: number;
}

/** 32-bit FNV-1a of a string's UTF-16 code units, mixed (murmur3's finalizer) so near-equal inputs spread. */
export function stableHash(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The bucket 0–9999 of a visitor in an experiment (hundredths of a percent). */
export const assignmentBucket = (visitorId: string, experimentId: number) =>
  stableHash(`${experimentId}:${visitorId}`) % 10_000;

/** The variant a visitor sees, or null when there are no variants or the splits are all zero. */
export function assignVariant<V extends SplitVariant>(
  visitorId: string,
  experimentId: number,
  variants: readonly V[],
): V | null {
  const total = variants.reduce((s, v) => s + Math.max(0, v.split), 0);
  if (!variants.length || total <= 0) return null;
  const point = (assignmentBucket(visitorId, experimentId) / 10_000) * total;
  let upTo = 0;
  for (const v of variants) {
    upTo += Math.max(0, v.split);
    if (point < upTo) return v;
  }
  return variants[variants.length - 1];
}
