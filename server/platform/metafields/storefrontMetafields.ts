import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AdminApiError, type AdminApi } from '../adminApi';
import type { PlatformLog } from '../shopifyApi';
import type { ShopRef } from '../context';
import {
  CONFIG_TARGET,
  GALLERY_TARGET,
  PRODUCT_TARGET_PREFIX,
  markStorefrontChange,
  type StorefrontChangeListener,
} from '../../services/storefront/changes';
import { checkoutBoosterValue, galleryValue, productLooksValue, storefrontConfigValue, withPublicImages } from '../../services/storefront/metafields';
import type { StorefrontLook } from '../../../src/contracts/storefront';
import type { FileUrls } from '../../storage';
import {
  CHECKOUT_BOOSTER_METAFIELD,
  PRODUCT_LOOKS_METAFIELD,
  STOREFRONT_CONFIG_METAFIELD,
  STOREFRONT_GALLERY_METAFIELD,
} from '../../../src/contracts/storefront';
import {
  MAX_JSON_METAFIELD_BYTES,
  METAFIELDS_PER_CALL,
  adminMetafields,
  describeErrors,
  errorIndex,
  type AdminMetafields,
  type MetafieldInput,
} from './adminMetafields';

/**
 * Writes the storefront's metafields (src/contracts/storefront.ts) from the marks the services leave
 * in storefront_changes (APP_MODE=shopify): the product metafield `$app`/`looks` of each marked main
 * product, the app-data metafields `looks`/`config` and `looks`/`gallery` (owner: the app
 * installation), and with the config the shop's `$app`/`checkout` (the checkout extension's switch),
 * with metafieldsSet, 25 per call.
 *
 * - Coalesced: a change waits `debounceMs` before its shop is written, so a burst of edits is one
 *   write; changes during a write are written by one more run after it.
 * - One writer per shop across instances: a lease row (storefront_writers) in the database. An
 *   instance that finds the shop leased leaves its marks: the holder looks for marks again after
 *   releasing, and the sweep picks up marks whose writer died.
 * - Durable: marks are rows; a mark is removed only with the generation that was written, so a
 *   change made while writing is written again. On start and every `sweepMs` the sweep writes what
 *   is left (a crash, a failed write).
 * - userErrors (the call is atomic on the platform): the metafields they name are logged and left
 *   out, the rest of the call is sent again. A failed call (no token, platform down; THROTTLED is
 *   waited out by the Admin API client) keeps the marks for the next sweep after `retryAfterMs`.
 * - A shop without the app installed is not written; its marks are dropped (a reinstall writes
 *   everything anew).
 * - A product that no longer has active looks gets `{ v: 1, looks: [] }`; a product the platform
 *   deleted is not written. A value above the platform's json limit keeps the looks that fit.
 */
export interface StorefrontMetafieldSync extends StorefrontChangeListener {
  /** Marks every storefront metafield of the shop (all looks' main products, config, gallery) and writes them now. */
  writeAll(shop: ShopRef): Promise<void>;
  /** Writes the shop's marks now (or after the run in progress) and waits. */
  flush(shopId: number): Promise<void>;
  /** Writes the marks of every shop that nobody is writing (start, timer). */
  sweep(): Promise<void>;
  /** Resolves when no write of the shop (or of any shop) is waiting or running in this instance. */
  idle(shopId?: number): Promise<void>;
  /** No new writes; waits for the running ones. */
  stop(): Promise<void>;
}

export interface StorefrontMetafieldOptions {
  debounceMs: number;
  leaseMs: number;
  /** 0: no timer (the plugin's owner calls sweep()). */
  sweepMs: number;
  retryAfterMs: number;
}

export const DEFAULT_STOREFRONT_METAFIELD_OPTIONS: StorefrontMetafieldOptions = {
  debounceMs: 1000,
  leaseMs: 60_000,
  sweepMs: 30_000,
  retryAfterMs: 60_000,
};

export interface StorefrontMetafieldDeps {
  db: Db;
  /** Image references → the URLs storefronts load (FILES_PUBLIC_URL, server/storage). */
  files: Pick<FileUrls, 'publicRef'>;
  admin: Pick<AdminApi, 'graphql'>;
  log: PlatformLog;
  options?: Partial<StorefrontMetafieldOptions>;
}

interface Mark {
  target: string;
  generation: number;
}

interface Pending {
  mark: Mark;
  input: MetafieldInput;
}

const interval = (ms: number) => sql`(${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;

/** The value as JSON, leaving out looks from the end until it fits the platform's limit. */
function fitted(value: { v: 1; looks: unknown[] }): { json: string; dropped: number } {
  const looks = [...value.looks];
  let json = JSON.stringify({ ...value, looks });
  let dropped = 0;
  while (Buffer.byteLength(json, 'utf8') > MAX_JSON_METAFIELD_BYTES && looks.length) {
    looks.pop();
    dropped += 1;
    json = JSON.stringify({ ...value, looks });
  }
  return { json, dropped };
}

/**
 * The metafieldsSet calls, METAFIELDS_PER_CALL at most each, with a mark's metafields (the config and
 * the shop's checkout switch) in one call, so a mark is removed only once all of them were written.
 */
function calls(pending: Pending[]): Pending[][] {
  const groups: Pending[][] = [];
  for (const p of pending) {
    const last = groups[groups.length - 1];
    if (last && last[0].mark === p.mark) last.push(p);
    else groups.push([p]);
  }
  const out: Pending[][] = [];
  for (const group of groups) {
    const last = out[out.length - 1];
    if (last && last.length + group.length <= METAFIELDS_PER_CALL) last.push(...group);
    else out.push([...group]);
  }
  return out;
}

export function createStorefrontMetafieldSync(deps: StorefrontMetafieldDeps): StorefrontMetafieldSync {
  const { db, log } = deps;
  const options = { ...DEFAULT_STOREFRONT_METAFIELD_OPTIONS, ...deps.options };
  const api: AdminMetafields = adminMetafields(deps.admin);
  const writerId = randomUUID();
  const timers = new Map<number, NodeJS.Timeout>();
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  const failedAt = new Map<number, number>();
  let stopped = false;
  let sweepTimer: NodeJS.Timeout | null = null;

  async function claim(shopId: number): Promise<boolean> {
    const row = await db
      .insertInto('storefrontWriters')
      .values({ shopId, writerId, leaseExpiresAt: sql<Date>`now() + ${interval(options.leaseMs)}` })
      .onConflict((oc) =>
        oc
          .column('shopId')
          .doUpdateSet({ writerId, leaseExpiresAt: sql<Date>`now() + ${interval(options.leaseMs)}` })
          .where((eb) => eb.or([eb('storefrontWriters.leaseExpiresAt', '<', sql<Date>`now()`), eb('storefrontWriters.writerId', '=', writerId)])),
      )
      .returning('shopId')
      .executeTakeFirst();
    return !!row;
  }

  /** Renews the lease before a call; false when another writer took the shop (ours ran out). */
  async function renew(shopId: number): Promise<boolean> {
    const result = await db
      .updateTable('storefrontWriters')
      .set({ leaseExpiresAt: sql<Date>`now() + ${interval(options.leaseMs)}` })
      .where('shopId', '=', shopId)
      .where('writerId', '=', writerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async function release(shopId: number) {
    await db.deleteFrom('storefrontWriters').where('shopId', '=', shopId).where('writerId', '=', writerId).execute();
  }

  async function removeMarks(shopId: number, marks: Mark[]) {
    for (const mark of marks) {
      await db
        .deleteFrom('storefrontChanges')
        .where('shopId', '=', shopId)
        .where('target', '=', mark.target)
        .where('generation', '=', mark.generation)
        .execute();
    }
  }

  async function hasMarks(shopId: number): Promise<boolean> {
    return !!(await db.selectFrom('storefrontChanges').select('target').where('shopId', '=', shopId).limit(1).executeTakeFirst());
  }

  /** The metafields of the marks; marks with nothing to write (a deleted product) come back as `skip`. */
  async function build(shop: ShopRef, marks: Mark[]): Promise<{ pending: Pending[]; skip: Mark[] }> {
    const row = await db.selectFrom('shops').selectAll().where('id', '=', shop.id).executeTakeFirstOrThrow();
    const productMarks = marks.filter((m) => m.target.startsWith(PRODUCT_TARGET_PREFIX));
    const gids = productMarks.map((m) => m.target.slice(PRODUCT_TARGET_PREFIX.length));
    const deleted = new Set(
      gids.length
        ? (await db.selectFrom('deletedProducts').select('gid').where('shopId', '=', shop.id).where('gid', 'in', gids).execute()).map((r) => r.gid)
        : [],
    );
    const pending: Pending[] = [];
    const skip: Mark[] = [];
    const add = (mark: Mark, ownerId: string, metafield: { namespace: string; key: string }, value: { v: 1; looks: StorefrontLook[] }, what: string) => {
      const { json, dropped } = fitted({ ...value, looks: value.looks.map((look) => withPublicImages(look, (ref) => deps.files.publicRef(ref))) });
      if (dropped) log('warn', `Storefront metafield ${what} of ${shop.domain}: ${dropped} look(s) left out to stay within the platform's ${MAX_JSON_METAFIELD_BYTES} bytes`);
      pending.push({ mark, input: { ownerId, namespace: metafield.namespace, key: metafield.key, type: 'json', value: json } });
    };
    for (const mark of productMarks) {
      const gid = mark.target.slice(PRODUCT_TARGET_PREFIX.length);
      if (deleted.has(gid) || !gid.startsWith('gid://shopify/Product/')) {
        skip.push(mark);
        continue;
      }
      add(mark, gid, PRODUCT_LOOKS_METAFIELD, await productLooksValue(db, row, gid), `${PRODUCT_LOOKS_METAFIELD.key} of ${gid}`);
    }
    const appMarks = marks.filter((m) => m.target === CONFIG_TARGET || m.target === GALLERY_TARGET);
    if (appMarks.length) {
      const owners = await api.owners(shop);
      for (const mark of appMarks) {
        if (mark.target === CONFIG_TARGET) {
          const config = await storefrontConfigValue(db, row);
          pending.push({ mark, input: { ownerId: owners.installation, ...STOREFRONT_CONFIG_METAFIELD, value: JSON.stringify(config) } });
          pending.push({ mark, input: { ownerId: owners.shop, ...CHECKOUT_BOOSTER_METAFIELD, value: JSON.stringify(checkoutBoosterValue(config)) } });
        } else {
          add(mark, owners.installation, STOREFRONT_GALLERY_METAFIELD, await galleryValue(db, row), 'looks.gallery');
        }
      }
    }
    // A target this version does not know (written by a newer one) is dropped.
    skip.push(...marks.filter((m) => !productMarks.includes(m) && !appMarks.includes(m)));
    return { pending, skip };
  }

  /** One metafieldsSet call, and once more without the metafields its userErrors name. */
  async function send(shop: ShopRef, chunk: Pending[]): Promise<{ written: Pending[]; refused: Pending[] }> {
    const first = await api.set(shop, chunk.map((p) => p.input));
    if (first.ok) return { written: chunk, refused: [] };
    const named = new Set(first.errors.map(errorIndex).filter((i): i is number => i !== null && i >= 0 && i < chunk.length));
    log('warn', `Storefront metafields of ${shop.domain} refused by the platform: ${describeErrors(first.errors)}`);
    if (!named.size) throw new Error(`metafieldsSet failed: ${describeErrors(first.errors)}`);
    const refused = chunk.filter((_, i) => named.has(i));
    const rest = chunk.filter((_, i) => !named.has(i));
    if (!rest.length) return { written: [], refused };
    const second = await api.set(shop, rest.map((p) => p.input));
    if (!second.ok) throw new Error(`metafieldsSet failed: ${describeErrors(second.errors)}`);
    return { written: rest, refused };
  }

  /** Writes the shop's marks under the lease (nothing when another instance holds it: it looks again after releasing). */
  async function writeShop(shopId: number): Promise<void> {
    if (!(await claim(shopId))) return;
    let failed = false;
    try {
      const marks: Mark[] = await db.selectFrom('storefrontChanges').select(['target', 'generation']).where('shopId', '=', shopId).orderBy('target').execute();
      if (!marks.length) return;
      const shop = await db.selectFrom('shops').select(['id', 'domain', 'installedAt']).where('id', '=', shopId).executeTakeFirst();
      if (!shop?.installedAt) {
        // Not installed: nothing is written; a reinstall writes everything anew.
        await db.deleteFrom('storefrontChanges').where('shopId', '=', shopId).execute();
        return;
      }
      const ref: ShopRef = { id: shop.id, domain: shop.domain };
      const { pending, skip } = await build(ref, marks);
      await removeMarks(shopId, skip);
      for (const chunk of calls(pending)) {
        if (stopped || !(await renew(shopId))) return;
        const { written, refused } = await send(ref, chunk);
        await removeMarks(shopId, [...new Set([...written, ...refused].map((p) => p.mark))]);
      }
      failedAt.delete(shopId);
    } catch (error) {
      failed = true;
      failedAt.set(shopId, Date.now());
      const message = error instanceof AdminApiError ? `${error.code}: ${error.detail ?? error.message}` : ((error as Error)?.message ?? String(error));
      log('warn', `Storefront metafields of shop ${shopId} not written: ${message}. Retried in ${Math.round(options.retryAfterMs / 1000)} s.`);
    } finally {
      await release(shopId).catch(() => undefined);
    }
    // Marks another instance left while this one held the shop, or changes made meanwhile.
    if (!failed && !stopped && (await hasMarks(shopId))) kick(shopId, options.debounceMs);
  }

  function start(shopId: number): Promise<void> {
    const run = (async () => {
      try {
        await writeShop(shopId);
      } catch (error) {
        log('error', `Storefront metafields of shop ${shopId}: ${(error as Error)?.message ?? String(error)}`);
      }
    })().finally(() => {
      running.delete(shopId);
      if (again.delete(shopId)) kick(shopId, options.debounceMs);
    });
    running.set(shopId, run);
    return run;
  }

  function kick(shopId: number, delay: number) {
    if (stopped) return;
    if (running.has(shopId)) {
      again.add(shopId);
      return;
    }
    if (timers.has(shopId)) return;
    const timer = setTimeout(() => {
      timers.delete(shopId);
      void start(shopId);
    }, delay);
    timers.set(shopId, timer);
  }

  async function idle(shopId?: number) {
    for (;;) {
      const ids = shopId === undefined ? [...new Set([...timers.keys(), ...running.keys(), ...again])] : [shopId];
      const busy = ids.filter((id) => timers.has(id) || running.has(id) || again.has(id));
      if (!busy.length) return;
      for (const id of busy) {
        const timer = timers.get(id);
        if (timer && !running.has(id)) {
          // Waiting out the debounce: start now (idle is for tests and shutdown).
          clearTimeout(timer);
          timers.delete(id);
          void start(id);
        }
        if (!running.has(id) && again.delete(id)) void start(id);
      }
      await Promise.all(busy.map((id) => running.get(id)).filter(Boolean));
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function sweep() {
    if (stopped) return;
    const rows = await db
      .selectFrom('storefrontChanges as c')
      .leftJoin('storefrontWriters as w', (join) => join.onRef('w.shopId', '=', 'c.shopId').on('w.leaseExpiresAt', '>', sql<Date>`now()`))
      .select('c.shopId')
      .distinct()
      .where('w.shopId', 'is', null)
      .where('c.markedAt', '<=', sql<Date>`now() - ${interval(options.debounceMs)}`)
      .limit(200)
      .execute();
    for (const { shopId } of rows) {
      const failed = failedAt.get(shopId);
      if (failed !== undefined && Date.now() - failed < options.retryAfterMs) continue;
      kick(shopId, 0);
    }
  }

  if (options.sweepMs > 0) {
    sweepTimer = setInterval(() => {
      sweep().catch((error: unknown) => log('warn', `Storefront metafield sweep failed: ${(error as Error)?.message ?? String(error)}`));
    }, options.sweepMs);
    sweepTimer.unref();
  }

  async function flush(shopId: number) {
    kick(shopId, 0);
    await idle(shopId);
  }

  return {
    storefrontChanged(shopId) {
      kick(shopId, options.debounceMs);
    },
    markFailed(shopId, error) {
      log('warn', `Storefront change of shop ${shopId} not recorded: ${(error as Error)?.message ?? String(error)}`);
    },
    async writeAll(shop) {
      const products = await db
        .selectFrom('productLooks')
        .select(sql<string>`main_product->>'itemId'`.as('gid'))
        .distinct()
        .where('shopId', '=', shop.id)
        .execute();
      await markStorefrontChange(db, shop.id, { config: true, gallery: true, productGids: products.map((p) => p.gid) });
      failedAt.delete(shop.id);
      await flush(shop.id);
    },
    flush,
    sweep,
    idle,
    async stop() {
      stopped = true;
      if (sweepTimer) clearInterval(sweepTimer);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      again.clear();
      await Promise.all([...running.values()]);
    },
  };
}
