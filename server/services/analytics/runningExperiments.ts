import type { Db } from '../../db';
import { assignVariant } from '../../../src/contracts/assignVariant';

export interface RunningVariant {
  id: number;
  split: number;
  isControl: boolean;
  imageUrl: string | null;
  template: string | null;
}

/** A running A/B test of a look with its variants in the test's order (control first): the order assignVariant splits over. */
export interface RunningExperiment {
  id: number;
  lookId: number;
  variants: RunningVariant[];
}

/** The running A/B tests of these looks of the shop, by look id (one running test per look at most). */
export async function runningExperiments(
  db: Db,
  shopId: number,
  lookIds: readonly number[],
): Promise<Map<number, RunningExperiment>> {
  const byLook = new Map<number, RunningExperiment>();
  if (!lookIds.length) return byLook;
  const rows = await db
    .selectFrom('experiments as e')
    .innerJoin('experimentVariants as v', 'v.experimentId', 'e.id')
    .select(['e.id as experimentId', 'e.lookId', 'v.id', 'v.split', 'v.isControl', 'v.imageUrl', 'v.template'])
    .where('e.shopId', '=', shopId)
    .where('e.status', '=', 'running')
    .where('e.lookId', 'in', [...new Set(lookIds)])
    .orderBy('e.id')
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
  for (const r of rows) {
    let experiment = byLook.get(r.lookId);
    if (!experiment) byLook.set(r.lookId, (experiment = { id: r.experimentId, lookId: r.lookId, variants: [] }));
    experiment.variants.push({
      id: r.id,
      split: r.split,
      isControl: r.isControl,
      imageUrl: r.imageUrl,
      template: r.template,
    });
  }
  return byLook;
}

/** The variant of each of these tests that a visitor is shown (as the storefront script assigns it). */
export function assignedVariantIds(visitorId: string, experiments: Iterable<RunningExperiment>): Set<number> {
  const ids = new Set<number>();
  for (const e of experiments) {
    const variant = assignVariant(visitorId, e.id, e.variants);
    if (variant) ids.add(variant.id);
  }
  return ids;
}
