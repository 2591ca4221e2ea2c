import type { Db } from '../../db';
import { AdminApiError, type AdminApi } from '../adminApi';
import type { PlatformLog } from '../shopifyApi';
import type { ShopRef } from '../context';
import type { JobEngine } from '../../jobs';
import { markRead, shopsBehind, unreadChanges } from '../../services/changes/reader';
import {
  checkoutBoosterValue,
  galleryValue,
  productLooksValue,
  storefrontConfigValue,
  withPublicImages,
} from '../../services/storefront/metafields';
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
import {
  CONFIG_TARGET,
  GALLERY_TARGET,
  PRODUCT_TARGET_PREFIX,
  resolveStorefrontTargets,
  type StorefrontTargets,
} from './storefrontTargets';

/** This writer's name as a reader of the change outbox, and its job queue. */
export const STOREFRONT_METAFIELDS_QUEUE = 'storefront.metafields';

/**
 * Writes the storefront's metafields (src/contracts/storefront.ts) from the change outbox
 * (services/changes, APP_MODE=shopify): the product metafield `$app`/`looks` of each main product a
 * change touches, the app-data metafields `looks`/`config` and `looks`/`gallery` (owner: the app
 * installation), and with the config the shop's `$app`/`checkout` (the checkout extension's switch),
 * with metafieldsSet, 25 per call.
 *
 * - A job of the queue `storefront.metafields` per recorded change (created in the change's
 *   transaction), one shop at a time across the cluster (the engine's per-shop key): a run reads the
 *   shop's changes after its place, decides from them which metafields to write
 *   (storefrontTargets.ts), writes them, and only then moves its place forward.
 * - Coalesced: a run whose newest change is younger than `debounceMs` comes back when it is that old
 *   (at most `maxWaitMs` after the oldest), so a burst of edits is one write.
 * - Durable: an instance that dies mid-write leaves its place unmoved and its job active; the job
 *   expires and another instance runs it again (the writes are idempotent). A failed call (no
 *   token, platform down; THROTTLED is waited out by the Admin API client) fails the job: retried
 *   with backoff, then dead-lettered (logged); the outbox upkeep queues the shop again later.
 * - userErrors (the call is atomic on the platform): the metafields they name are logged and left
 *   out, the rest of the call is sent again.
 * - A shop without the app installed is not written; its changes are read past (a reinstall writes
 *   everything anew).
 * - A product that no longer has active looks gets `{ v: 1, looks: [] }`; a product the platform
 *   deleted is not written. A value above the platform's json limit keeps the looks that fit.
 */
export interface StorefrontMetafieldSync {
  /** One run of the shop's job (its worker only: its debounce relies on running as the shop's job): `now` skips the debounce. */
  write(shopId: number, now?: boolean): Promise<void>;
  /** Runs the shop's job now (on whichever instance takes it) and waits until no writer job is ready or running. */
  flush(shopId: number): Promise<void>;
  /** Flushes the shop (or every shop with unread changes) and waits: tests, scripts. */
  idle(shopId?: number): Promise<void>;
}

export interface StorefrontMetafieldOptions {
  /** A run waits until the newest change is this old (a burst is one write). */
  debounceMs: number;
  /** … but never longer than this after the oldest unread change. */
  maxWaitMs: number;
}

export const DEFAULT_STOREFRONT_METAFIELD_OPTIONS: StorefrontMetafieldOptions = {
  debounceMs: 1000,
  maxWaitMs: 15_000,
};

export interface StorefrontMetafieldDeps {
  db: Db;
  jobs: JobEngine;
  /** Image references → the URLs storefronts load (FILES_PUBLIC_URL, server/storage). */
  files: Pick<FileUrls, 'publicRef'>;
  admin: Pick<AdminApi, 'graphql'>;
  log: PlatformLog;
  options?: Partial<StorefrontMetafieldOptions>;
}

/** One metafield to write, and the target it belongs to (a target's metafields go in one call). */
interface Pending {
  target: string;
  input: MetafieldInput;
}

/** Changes read per run (a longer backlog is read in more runs of the same job). */
const BATCH = 500;

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
 * The metafieldsSet calls, METAFIELDS_PER_CALL at most each, with a target's metafields (the config and
 * the shop's checkout switch) in one call, so the storefront and the checkout never disagree.
 */
function calls(pending: Pending[]): Pending[][] {
  const groups: Pending[][] = [];
  for (const p of pending) {
    const last = groups[groups.length - 1];
    if (last && last[0].target === p.target) last.push(p);
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
  const { db, log, jobs } = deps;
  const options = { ...DEFAULT_STOREFRONT_METAFIELD_OPTIONS, ...deps.options };
  const api: AdminMetafields = adminMetafields(deps.admin);

  /** The metafields of the targets (a product the platform deleted is left out). */
  async function build(shop: ShopRef, targets: StorefrontTargets): Promise<Pending[]> {
    const row = await db.selectFrom('shops').selectAll().where('id', '=', shop.id).executeTakeFirstOrThrow();
    const gids = [...targets.products].filter((gid) => gid.startsWith('gid://shopify/Product/')).sort();
    const deleted = new Set(
      gids.length
        ? (
            await db
              .selectFrom('deletedProducts')
              .select('gid')
              .where('shopId', '=', shop.id)
              .where('gid', 'in', gids)
              .execute()
          ).map((r) => r.gid)
        : [],
    );
    const pending: Pending[] = [];
    const add = (
      target: string,
      ownerId: string,
      metafield: { namespace: string; key: string },
      value: { v: 1; looks: StorefrontLook[] },
      what: string,
    ) => {
      const { json, dropped } = fitted({
        ...value,
        looks: value.looks.map((look) => withPublicImages(look, (ref) => deps.files.publicRef(ref))),
      });
      if (dropped)
        log(
          'warn',
          `Storefront metafield ${what} of ${shop.domain}: ${dropped} look(s) left out to stay within the platform's ${MAX_JSON_METAFIELD_BYTES} bytes`,
        );
      pending.push({
        target,
        input: { ownerId, namespace: metafield.namespace, key: metafield.key, type: 'json', value: json },
      });
    };
    for (const gid of gids) {
      if (deleted.has(gid)) continue;
      add(
        `${PRODUCT_TARGET_PREFIX}${gid}`,
        gid,
        PRODUCT_LOOKS_METAFIELD,
        await productLooksValue(db, row, gid),
        `${PRODUCT_LOOKS_METAFIELD.key} of ${gid}`,
      );
    }
    if (targets.config || targets.gallery) {
      const owners = await api.owners(shop);
      if (targets.config) {
        const config = await storefrontConfigValue(db, row);
        pending.push({
          target: CONFIG_TARGET,
          input: { ownerId: owners.installation, ...STOREFRONT_CONFIG_METAFIELD, value: JSON.stringify(config) },
        });
        pending.push({
          target: CONFIG_TARGET,
          input: {
            ownerId: owners.shop,
            ...CHECKOUT_BOOSTER_METAFIELD,
            value: JSON.stringify(checkoutBoosterValue(config)),
          },
        });
      }
      if (targets.gallery)
        add(
          GALLERY_TARGET,
          owners.installation,
          STOREFRONT_GALLERY_METAFIELD,
          await galleryValue(db, row),
          'looks.gallery',
        );
    }
    return pending;
  }

  /** One metafieldsSet call, and once more without the metafields its userErrors name. */
  async function send(shop: ShopRef, chunk: Pending[]): Promise<void> {
    const first = await api.set(
      shop,
      chunk.map((p) => p.input),
    );
    if (first.ok) return;
    const named = new Set(
      first.errors.map(errorIndex).filter((i): i is number => i !== null && i >= 0 && i < chunk.length),
    );
    log('warn', `Storefront metafields of ${shop.domain} refused by the platform: ${describeErrors(first.errors)}`);
    if (!named.size) throw new Error(`metafieldsSet failed: ${describeErrors(first.errors)}`);
    const rest = chunk.filter((_, i) => !named.has(i));
    if (!rest.length) return;
    const second = await api.set(
      shop,
      rest.map((p) => p.input),
    );
    if (!second.ok) throw new Error(`metafieldsSet failed: ${describeErrors(second.errors)}`);
  }

  async function write(shopId: number, now = false): Promise<void> {
    for (;;) {
      const changes = await unreadChanges(db, STOREFRONT_METAFIELDS_QUEUE, shopId, BATCH);
      if (!changes.length) return;
      const last = changes[changes.length - 1];
      if (!now && changes.length < BATCH) {
        const wait = Math.min(options.debounceMs - last.ageMs, options.maxWaitMs - changes[0].ageMs);
        if (wait > 0) {
          // Not yet: the burst may go on. The job comes back when the newest change is old enough,
          // unless a job of the shop already waits to run by then (the one a later change queued, or
          // a failed write's retry): one waiting job reads every change, and a burst (or the jobs of
          // a failed write's backoff) does not pile up jobs in front of the shop's next write.
          await jobs.send(
            STOREFRONT_METAFIELDS_QUEUE,
            { shopId },
            { shopId, startAfterSeconds: Math.ceil(wait / 1000), coalesce: true },
          );
          return;
        }
      }
      const shop = await db
        .selectFrom('shops')
        .select(['id', 'domain', 'installedAt'])
        .where('id', '=', shopId)
        .executeTakeFirst();
      if (shop?.installedAt) {
        const ref: ShopRef = { id: shop.id, domain: shop.domain };
        try {
          for (const chunk of calls(await build(ref, await resolveStorefrontTargets(db, shopId, changes))))
            await send(ref, chunk);
        } catch (error) {
          const message =
            error instanceof AdminApiError
              ? `${error.code}: ${error.detail ?? error.message}`
              : ((error as Error)?.message ?? String(error));
          throw new Error(`Storefront metafields of ${shop.domain} not written: ${message}`, { cause: error });
        }
      }
      // Not installed: nothing is written; a reinstall writes everything anew.
      await markRead(db, STOREFRONT_METAFIELDS_QUEUE, shopId, last.id);
      if (changes.length < BATCH) return;
    }
  }

  const settled = () => jobs.idle([STOREFRONT_METAFIELDS_QUEUE]);

  async function flush(shopId: number) {
    await jobs.send(STOREFRONT_METAFIELDS_QUEUE, { shopId, now: true }, { shopId });
    await settled();
  }

  return {
    write,
    flush,
    async idle(shopId) {
      const shops = shopId === undefined ? await shopsBehind(db, STOREFRONT_METAFIELDS_QUEUE, 0) : [shopId];
      for (const id of shops) await jobs.send(STOREFRONT_METAFIELDS_QUEUE, { shopId: id, now: true }, { shopId: id });
      await settled();
    },
  };
}
