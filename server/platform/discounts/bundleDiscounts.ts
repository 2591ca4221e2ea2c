import type { Db } from '../../db';
import type { AdminApi } from '../adminApi';
import { AdminApiError } from '../adminApi';
import type { PlatformLog } from '../shopifyApi';
import type { ShopRef } from '../context';
import type { JobEngine } from '../../jobs';
import { translate } from '../../i18n';
import { adminDiscounts, type AdminDiscounts } from './adminDiscounts';
import { bundleLooks, bundleParts } from './bundleConfig';
import { DEFAULT_BUNDLE_DISCOUNT_COMBINES_WITH, type BundleDiscountCombinesWith } from '../../../src/contracts/booster';

/**
 * Keeps a shop's look bundle discounts on the platform in step with its looks (APP_MODE=shopify).
 *
 * One automatic app discount of the `look-bundle` Function per shop holds the bundles of all its
 * active discounted looks in its metafield (a second, third… only when the looks outgrow the
 * Function input's 10,000-byte metafield limit). One discount rather than one per look: a store
 * has at most 25 active automatic discounts, the merchant's discount list stays clean, and the
 * Function itself decides between looks that share a product (one look per cart line).
 *
 * Every recorded change (services/changes) queues the shop's job (`discount.sync`, in the change's
 * transaction), run on any instance after the change (the save never waits for or fails on the
 * platform); the job syncs when one of the shop's unread changes may change the bundles
 * (bundleChanges.ts): the wanted metafield values are built from
 * the database and compared with the ones last written (bundle_discounts); a changed part is
 * updated, a new part created, a part no longer needed (e.g. the last discounted look deleted or
 * deactivated) deleted. A discount the merchant deleted in the admin is created again. userErrors
 * and platform failures are logged and kept on the row, and the job is retried with backoff. The
 * engine runs one sync of a shop at a time across the cluster; a discount created twice for one
 * part is still deleted again (the row is claimed with a conditional upsert), and a sync that
 * finds the looks changed while it wrote runs again.
 */
export interface BundleDiscountSync {
  /** Queues a sync of the shop (whatever its changes) and waits until no sync is ready or running. */
  sync(shopId: number): Promise<void>;
  /** Resolves when no sync is ready or running (retries not yet due do not count). */
  idle(shopId?: number): Promise<void>;
  /** One sync of the shop (the job's work); throws when a write failed, so the job is retried. */
  reconcile(shopId: number): Promise<void>;
}

export interface BundleDiscountDeps {
  db: Db;
  jobs: JobEngine;
  admin: Pick<AdminApi, 'graphql'>;
  log: PlatformLog;
  now: () => Date;
}

/** Rounds of write-then-check when the looks keep changing under a sync. */
const MAX_ROUNDS = 3;

interface SyncShop extends ShopRef {
  locale: string;
  currency: string;
}

export function createBundleDiscountSync(deps: BundleDiscountDeps): BundleDiscountSync {
  const { db, log, now, jobs } = deps;
  const api: AdminDiscounts = adminDiscounts(deps.admin);

  async function wantedParts(shop: SyncShop): Promise<string[]> {
    const { parts, skipped } = bundleParts(shop.currency, await bundleLooks(db, shop.id));
    if (skipped.length)
      log(
        'warn',
        `Look bundle discount of ${shop.domain}: looks ${skipped.join(', ')} are too large for the Function's configuration and left out`,
      );
    return parts;
  }

  /** The booster's choice of combinations (defaults until the merchant saved one). */
  async function wantedCombinations(shopId: number): Promise<BundleDiscountCombinesWith> {
    const row = await db
      .selectFrom('boosterSettings')
      .select('settings')
      .where('shopId', '=', shopId)
      .executeTakeFirst();
    return { ...DEFAULT_BUNDLE_DISCOUNT_COMBINES_WITH, ...(row?.settings?.bundleDiscountCombinesWith ?? {}) };
  }

  async function recordFailure(shop: SyncShop, part: number, message: string) {
    log(
      'warn',
      `Look bundle discount of ${shop.domain} (part ${part + 1}) not written: ${message}. Retried with backoff.`,
    );
    await db
      .insertInto('bundleDiscounts')
      .values({ shopId: shop.id, part, discountId: null, value: null, error: message, updatedAt: now() })
      .onConflict((oc) => oc.columns(['shopId', 'part']).doUpdateSet({ error: message, updatedAt: now() }))
      .execute();
  }

  /** Stores the discount of the part unless another instance stored a different one first. */
  async function claim(
    shopId: number,
    part: number,
    previous: string | null,
    discountId: string,
    value: string,
    combinesWith: string,
  ): Promise<boolean> {
    const at = now();
    const row = await db
      .insertInto('bundleDiscounts')
      .values({ shopId, part, discountId, value, combinesWith, error: null, syncedAt: at, updatedAt: at })
      .onConflict((oc) =>
        oc
          .columns(['shopId', 'part'])
          .doUpdateSet({ discountId, value, combinesWith, error: null, syncedAt: at, updatedAt: at })
          .where((eb) =>
            previous
              ? eb.or([eb('bundleDiscounts.discountId', 'is', null), eb('bundleDiscounts.discountId', '=', previous)])
              : eb('bundleDiscounts.discountId', 'is', null),
          ),
      )
      .returning('part')
      .executeTakeFirst();
    return !!row;
  }

  /** Writes one part; false when it failed (recorded). */
  async function write(
    shop: SyncShop,
    part: number,
    discountId: string | null,
    value: string,
    combinesWith: BundleDiscountCombinesWith,
  ): Promise<boolean> {
    const combined = JSON.stringify(combinesWith);
    if (discountId) {
      const updated = await api.update(shop, discountId, value, combinesWith);
      if (updated.ok) {
        const at = now();
        await db
          .updateTable('bundleDiscounts')
          .set({ value, combinesWith: combined, error: null, syncedAt: at, updatedAt: at })
          .where('shopId', '=', shop.id)
          .where('part', '=', part)
          .where('discountId', '=', discountId)
          .execute();
        return true;
      }
      if (!updated.notFound) {
        await recordFailure(shop, part, updated.message);
        return false;
      }
      log(
        'info',
        `Look bundle discount of ${shop.domain} (part ${part + 1}) no longer exists on the platform: creating it again`,
      );
    }
    const title = translate(shop.locale, 'Looks.bundleDiscount.title', { part: part + 1 });
    const created = await api.create(shop, { title, value, startsAt: now(), combinesWith });
    if (!created.ok) {
      await recordFailure(shop, part, created.message);
      return false;
    }
    if (!(await claim(shop.id, part, discountId, created.id, value, combined))) {
      // Another instance created this part's discount meanwhile: keep one.
      await api.remove(shop, created.id);
    }
    return true;
  }

  /** Deletes a part no longer needed; false when it failed (recorded). */
  async function drop(shop: SyncShop, part: number, discountId: string | null): Promise<boolean> {
    if (discountId) {
      const removed = await api.remove(shop, discountId);
      if (!removed.ok && !removed.notFound) {
        await recordFailure(shop, part, removed.message);
        return false;
      }
    }
    let query = db.deleteFrom('bundleDiscounts').where('shopId', '=', shop.id).where('part', '=', part);
    query = discountId ? query.where('discountId', '=', discountId) : query.where('discountId', 'is', null);
    await query.execute();
    return true;
  }

  /** One pass over the parts; false when a write failed. */
  async function apply(shop: SyncShop, wanted: string[]): Promise<boolean> {
    const rows = await db
      .selectFrom('bundleDiscounts')
      .selectAll()
      .where('shopId', '=', shop.id)
      .orderBy('part')
      .execute();
    const byPart = new Map(rows.map((row) => [row.part, row]));
    const combinesWith = await wantedCombinations(shop.id);
    const combined = JSON.stringify(combinesWith);
    let ok = true;
    let current = 0;
    try {
      for (let part = 0; part < wanted.length; part++) {
        current = part;
        const row = byPart.get(part);
        if (row?.discountId && row.value === wanted[part] && row.combinesWith === combined && !row.error) continue;
        if (!(await write(shop, part, row?.discountId ?? null, wanted[part], combinesWith))) ok = false;
      }
      for (const row of rows) {
        current = row.part;
        if (row.part >= wanted.length && !(await drop(shop, row.part, row.discountId))) ok = false;
      }
    } catch (error) {
      // The platform failed (no token, unreachable, GraphQL errors): the part being written keeps the error.
      const message =
        error instanceof AdminApiError
          ? `${error.code}: ${error.detail ?? error.message}`
          : ((error as Error)?.message ?? String(error));
      await recordFailure(shop, current, message);
      return false;
    }
    return ok;
  }

  async function reconcile(shopId: number) {
    const row = await db
      .selectFrom('shops')
      .select(['id', 'domain', 'locale', 'currency', 'installedAt'])
      .where('id', '=', shopId)
      .executeTakeFirst();
    if (!row?.installedAt) return;
    const shop: SyncShop = { id: row.id, domain: row.domain, locale: row.locale, currency: row.currency };
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const wanted = await wantedParts(shop);
      if (!(await apply(shop, wanted))) throw new Error(`Look bundle discount of ${shop.domain} not fully written`);
      const after = await wantedParts(shop);
      if (after.length === wanted.length && after.every((value, i) => value === wanted[i])) return;
    }
  }

  const idle = () => jobs.idle(['discount.sync']);
  return {
    reconcile,
    async sync(shopId) {
      await jobs.send('discount.sync', { shopId, force: true }, { shopId });
      await idle();
    },
    idle,
  };
}

/**
 * app/uninstalled: the discounts' metafields count as unwritten, so the first sync after a
 * reinstall writes them again (and creates a discount the platform dropped with the app).
 */
export async function markBundleDiscountsStale(db: Db, shopId: number): Promise<void> {
  await db.updateTable('bundleDiscounts').set({ value: null }).where('shopId', '=', shopId).execute();
}
