import { sql, type Kysely } from 'kysely';

/**
 * A/B tests of looks (issue 16). An experiment belongs to a shop and a look and is draft, running or
 * stopped (at most one running per look); its variants carry a split (percent, summing to 100 per
 * experiment) and what they change: the control shows the look as it is, another variant another
 * image and/or layout template. Per-variant daily roll-ups (`experiment_variant_daily`) are kept in
 * the funnel ingest statement; `experiment_visitor_days` counts a visitor once per variant, day and
 * kind (impression, add_to_cart). `product_looks.layout_template` is the template a look shows
 * instead of the shop's layout (null: the shop's), set when a winner is applied.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE experiments (
      id serial PRIMARY KEY,
      shop_id integer NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
      look_id integer NOT NULL REFERENCES product_looks(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'stopped')),
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      stopped_at timestamptz,
      applied_variant_id integer
    )`.execute(db);
  await sql`CREATE INDEX experiments_shop ON experiments (shop_id, id)`.execute(db);
  await sql`CREATE UNIQUE INDEX experiments_one_running_per_look ON experiments (look_id) WHERE status = 'running'`.execute(
    db,
  );

  await sql`
    CREATE TABLE experiment_variants (
      id serial PRIMARY KEY,
      experiment_id integer NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
      position integer NOT NULL,
      name text NOT NULL,
      is_control boolean NOT NULL DEFAULT false,
      split integer NOT NULL CHECK (split BETWEEN 0 AND 100),
      image_url text,
      template text,
      CONSTRAINT experiment_variants_position UNIQUE (experiment_id, position)
    )`.execute(db);

  await sql`
    CREATE TABLE experiment_variant_daily (
      variant_id integer NOT NULL REFERENCES experiment_variants(id) ON DELETE CASCADE,
      day date NOT NULL,
      impressions integer NOT NULL DEFAULT 0,
      conversions integer NOT NULL DEFAULT 0,
      CONSTRAINT experiment_variant_daily_pk PRIMARY KEY (variant_id, day)
    )`.execute(db);

  await sql`
    CREATE TABLE experiment_visitor_days (
      variant_id integer NOT NULL,
      day date NOT NULL,
      visitor_id text NOT NULL,
      kind text NOT NULL,
      CONSTRAINT experiment_visitor_days_pk PRIMARY KEY (variant_id, day, visitor_id, kind)
    )`.execute(db);
  await sql`CREATE INDEX experiment_visitor_days_day ON experiment_visitor_days (day)`.execute(db);

  await sql`ALTER TABLE product_looks ADD COLUMN layout_template text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE product_looks DROP COLUMN IF EXISTS layout_template`.execute(db);
  await sql`DROP TABLE IF EXISTS experiment_visitor_days`.execute(db);
  await sql`DROP TABLE IF EXISTS experiment_variant_daily`.execute(db);
  await sql`DROP TABLE IF EXISTS experiment_variants`.execute(db);
  await sql`DROP TABLE IF EXISTS experiments`.execute(db);
}
