import { sql, type Kysely } from 'kysely';

/**
 * A look's mix-and-match tiers (issue 28): besides the complete look's discount, up to four tiers
 * "any N items of the look → P %", as a JSON array `[{ quantity, percentage }]`, fewest items first.
 * The look API carries them as `discount.tiers`; the look bundle Function reads them from its
 * configuration. Existing looks get none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('product_looks')
    .addColumn('discount_tiers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await sql`alter table product_looks add constraint product_looks_discount_tiers_array check (jsonb_typeof(discount_tiers) = 'array' and jsonb_array_length(discount_tiers) <= 4)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product_looks').dropColumn('discount_tiers').execute();
}
