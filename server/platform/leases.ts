import type { Db } from '../db';

/**
 * Named leases (platform_leases): a background job that must run on one instance at a time takes
 * the lease, renews it while it works, and another instance takes it over only once it ran out
 * (its holder stopped or died). One conditional upsert, so two instances asking at once never
 * both get it.
 */
export async function takeLease(db: Db, name: string, holder: string, now: Date, durationMs: number): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + durationMs);
  const row = await db
    .insertInto('platformLeases')
    .values({ name, holder, expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expiresAt })
        .where((eb) => eb.or([eb('platformLeases.holder', '=', holder), eb('platformLeases.expiresAt', '<=', now)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease up (the holder stops), so another instance may take it at once. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('platformLeases').where('name', '=', name).where('holder', '=', holder).execute();
}

/** The lease's holder while it is live (tests, logs). */
export async function leaseHolder(db: Db, name: string, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('platformLeases')
    .select('holder')
    .where('name', '=', name)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row?.holder ?? null;
}
