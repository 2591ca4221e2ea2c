/** Axis helpers of the analytics charts (revenue, funnel). */

/** "Nice" upper bound and step for the y axis. */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (max <= 0) return { top: ticks, step: 1 };
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  return { top: step * ticks, step };
}

/** Least distance between two date labels on the x axis, in px (room for "Nov 23" or "23. Nov." and a gap). */
export const MIN_LABEL_SPACING = 90;

/**
 * Which days get a date label: every `step`-th day counted back from the last one (the latest day
 * is always labelled), `step` chosen so that labels stay MIN_LABEL_SPACING apart at this width.
 */
export function axisLabelIndices(count: number, innerWidth: number, minSpacing = MIN_LABEL_SPACING): number[] {
  if (count <= 0) return [];
  if (count === 1) return [0];
  const perDay = innerWidth / (count - 1);
  const step = Math.max(1, Math.ceil(minSpacing / Math.max(perDay, 1e-6)));
  const indices: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) indices.unshift(i);
  return indices;
}
