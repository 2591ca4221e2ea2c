import { sql } from 'kysely';
import type { SeedContext } from './context';
import { assignVariant } from '../../src/contracts/assignVariant';

/** The demo test started this many days before the seed clock. */
export const DEMO_EXPERIMENT_DAYS = 21;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One running A/B test on the demo's active look (run after seedFunnel): control A (the look as it
 * is) against B with the multi-column layout, 50/50, started three weeks ago. Its history is the
 * funnel history itself: every seeded visitor of that look since the start is assigned to a variant
 * by assignVariant (as the storefront script will), their events carry the variant, and the
 * per-variant roll-ups count those visitors exactly as the ingest does (once per variant, day and
 * kind: impressions, and add-to-carts as conversions).
 */
export async function seedExperiments({ db, shop, now }: SeedContext): Promise<void> {
  const look = await db
    .selectFrom('productLooks')
    .select('id')
    .where('shopId', '=', shop.id)
    .orderBy('active', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (!look) return;
  const startDay = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (DEMO_EXPERIMENT_DAYS - 1) * DAY_MS,
  );
  const since = startDay.toISOString().slice(0, 10);

  const experiment = await db
    .insertInto('experiments')
    .values({ shopId: shop.id, lookId: look.id, status: 'running', createdAt: startDay, startedAt: startDay })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variants = await db
    .insertInto('experimentVariants')
    .values([
      {
        experimentId: experiment.id,
        position: 0,
        name: 'A',
        isControl: true,
        split: 50,
        imageUrl: null,
        template: null,
      },
      {
        experimentId: experiment.id,
        position: 1,
        name: 'B',
        isControl: false,
        split: 50,
        imageUrl: null,
        template: 'multi_col',
      },
    ])
    .returning(['id', 'split'])
    .execute();

  const visitors = await db
    .selectFrom('funnelEvents')
    .select('visitorId')
    .distinct()
    .where('shopId', '=', shop.id)
    .where('lookId', '=', look.id)
    .where('localDay', '>=', since)
    .execute();
  if (!visitors.length) return;
  const rows = visitors.map(
    (v) => sql`(${v.visitorId}::text, ${assignVariant(v.visitorId, experiment.id, variants)!.id}::int)`,
  );
  await sql`UPDATE funnel_events e SET variant_id = d.variant_id FROM (VALUES ${sql.join(rows)}) AS d(visitor_id, variant_id)
    WHERE e.shop_id = ${shop.id} AND e.look_id = ${look.id} AND e.local_day >= ${since}::date AND e.visitor_id = d.visitor_id`.execute(
    db,
  );
  await sql`
    INSERT INTO experiment_variant_daily (variant_id, day, impressions, conversions)
    SELECT variant_id, local_day,
      count(DISTINCT visitor_id) FILTER (WHERE type = 'impression'),
      count(DISTINCT visitor_id) FILTER (WHERE type = 'add_to_cart')
    FROM funnel_events
    WHERE shop_id = ${shop.id} AND look_id = ${look.id} AND local_day >= ${since}::date AND variant_id IS NOT NULL
    GROUP BY variant_id, local_day`.execute(db);
}
