import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { Config } from '../../config';
import { jobsFor } from '../../jobs';
import { chargeReturnUrl } from '../billing/returnUrls';
import { FLOW_TRIGGERS, flowPercent, flowText, numericId, type FlowTriggerHandle } from './flowTriggers';

/**
 * Events of the app that start Shopify Flow workflows. Each one is queued as a durable job
 * (`flow.trigger`, retried with backoff; with `trx`, inside the change's own transaction) that the
 * platform side sends with `flowTriggerReceive` (server/platform/flow). Nothing is queued for a shop
 * without an enabled workflow starting with the trigger (the lifecycle callback, flowUsage.ts), nor
 * where no instance sends triggers (the standalone demo: no worker registered).
 */
export async function queueFlowTrigger(
  db: Db,
  shopId: number,
  handle: FlowTriggerHandle,
  payload: Record<string, unknown>,
  trx?: Transaction<Database>,
): Promise<boolean> {
  const jobs = jobsFor(db);
  if (!jobs?.handles('flow.trigger')) return false;
  if (!(await flowTriggerInUse(trx ?? db, shopId, handle))) return false;
  await jobs.send('flow.trigger', { shopId, handle, payload }, { trx });
  return true;
}

/** Whether the shop has an enabled workflow that starts with the trigger (its last lifecycle callback said so). */
export async function flowTriggerInUse(
  db: Db | Transaction<Database>,
  shopId: number,
  handle: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('flowTriggerUsage')
    .select('enabled')
    .where('shopId', '=', shopId)
    .where('handle', '=', handle)
    .executeTakeFirst();
  return row?.enabled === true;
}

export interface SoldOutItem {
  lookId: number;
  /** The product of the look that has no available variant left (gid). */
  productGid: string;
}

/**
 * "Look item sold out": called by the stock code when an item of a look sells out (every variant
 * unavailable). One trigger per look and product; the look's title and its admin URL are read here.
 * Resolves whether a trigger was queued (false: the shop does not use the trigger, or the look is not
 * the shop's).
 */
export async function sendLookItemSoldOut(
  db: Db,
  config: Pick<Config, 'appMode' | 'appUrl' | 'shopifyApp'>,
  shopId: number,
  item: SoldOutItem,
  trx?: Transaction<Database>,
): Promise<boolean> {
  const productId = numericId(item.productGid);
  if (productId === null) return false;
  const look = await (trx ?? db)
    .selectFrom('productLooks as l')
    .innerJoin('shops as s', 's.id', 'l.shopId')
    .select(['l.id', 'l.title', 's.domain'])
    .where('l.shopId', '=', shopId)
    .where('l.id', '=', item.lookId)
    .executeTakeFirst();
  if (!look) return false;
  return queueFlowTrigger(
    db,
    shopId,
    FLOW_TRIGGERS.itemSoldOut.handle,
    {
      product_id: productId,
      'Look ID': String(look.id),
      'Look title': flowText(look.title),
      'Look admin URL': chargeReturnUrl(config, look.domain, `/looks/edit/${look.id}`),
    },
    trx,
  );
}

export interface DecidedExperiment {
  experimentId: number;
  lookId: number;
  lookTitle: string;
  winningVariant: string;
  winnerIsControl: boolean;
  /** Orders per impression of the winner, in percent (0 when it had no impressions). */
  winningConversionRate: number;
}

/** "Look A/B test decided": queued in the transaction that applies the winner. */
export async function sendAbTestDecided(
  db: Db,
  shopId: number,
  decided: DecidedExperiment,
  trx?: Transaction<Database>,
): Promise<boolean> {
  return queueFlowTrigger(
    db,
    shopId,
    FLOW_TRIGGERS.abTestDecided.handle,
    {
      'Look ID': String(decided.lookId),
      'Look title': flowText(decided.lookTitle),
      'Experiment ID': String(decided.experimentId),
      'Winning variant': flowText(decided.winningVariant),
      'Winner is control': decided.winnerIsControl,
      'Winning conversion rate': flowPercent(decided.winningConversionRate),
    },
    trx,
  );
}
