import type { SeedContext } from './context';
import { DEFAULT_CREDIT_PACKAGES } from '../db/migrations/0006_gallery';

/**
 * Credit packages (the migration installs them; a database without any gets
 * them back) — the one priced 20 is the best offer. The demo shop starts with
 * no credits and the free credits unclaimed, so the claim flow can be tried.
 */
export async function seedGallery({ db }: SeedContext): Promise<void> {
  const existing = await db.selectFrom('creditPackages').select('id').limit(1).executeTakeFirst();
  if (!existing) await db.insertInto('creditPackages').values(DEFAULT_CREDIT_PACKAGES).execute();
}
