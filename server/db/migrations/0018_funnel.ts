import { sql, type Kysely } from 'kysely';

/**
 * Storefront funnel (issue 16): raw events in `funnel_events`, partitioned by
 * month of `occurred_at` (UTC months; partitions are created ahead and dropped
 * after the retention period by services/analytics/funnelPartitions.ts, which
 * also creates the first ones below), daily roll-ups per shop/look/device/day
 * kept in the same statement as the raw insert, and the visitors already
 * counted per look and day (impressions count once per visitor, look and day;
 * rows are pruned after a few days, the roll-ups keep the counts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE funnel_events (
      shop_id integer NOT NULL,
      look_id integer NOT NULL,
      type text NOT NULL,
      device text NOT NULL,
      visitor_id text NOT NULL,
      product_id text,
      variant_id integer,
      occurred_at timestamptz NOT NULL,
      local_day date NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    ) PARTITION BY RANGE (occurred_at)`.execute(db);
  // Rebuilding or auditing a shop's roll-ups reads its events by look and day.
  await sql`CREATE INDEX funnel_events_shop_day ON funnel_events (shop_id, local_day, look_id)`.execute(db);

  await sql`
    CREATE TABLE look_funnel_daily (
      shop_id integer NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
      day date NOT NULL,
      look_id integer NOT NULL,
      device text NOT NULL,
      impressions integer NOT NULL DEFAULT 0,
      hotspot_clicks integer NOT NULL DEFAULT 0,
      item_clicks integer NOT NULL DEFAULT 0,
      add_to_carts integer NOT NULL DEFAULT 0,
      orders integer NOT NULL DEFAULT 0,
      revenue numeric(16,2) NOT NULL DEFAULT 0,
      CONSTRAINT look_funnel_daily_pk PRIMARY KEY (shop_id, day, look_id, device)
    )`.execute(db);

  await sql`
    CREATE TABLE funnel_visitor_days (
      shop_id integer NOT NULL,
      look_id integer NOT NULL,
      day date NOT NULL,
      visitor_id text NOT NULL,
      CONSTRAINT funnel_visitor_days_pk PRIMARY KEY (shop_id, look_id, day, visitor_id)
    )`.execute(db);
  await sql`CREATE INDEX funnel_visitor_days_day ON funnel_visitor_days (day)`.execute(db);

  // The current month and the next two; the maintenance step keeps this horizon.
  const now = new Date();
  for (let i = 0; i < 3; i++) {
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i + 1, 1));
    const name = `funnel_events_y${from.getUTCFullYear()}m${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
    await sql`CREATE TABLE IF NOT EXISTS ${sql.id(name)} PARTITION OF funnel_events
      FOR VALUES FROM (${sql.lit(from.toISOString())}) TO (${sql.lit(to.toISOString())})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS funnel_visitor_days`.execute(db);
  await sql`DROP TABLE IF EXISTS look_funnel_daily`.execute(db);
  await sql`DROP TABLE IF EXISTS funnel_events`.execute(db);
}
