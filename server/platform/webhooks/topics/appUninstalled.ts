import type { Db } from '../../../db';
import { deleteTokenPair } from '../../accessTokens';
import { endShopPlan } from '../../../services/billing/endPlan';
import { stopShopGenerations } from '../../../services/gallery/stopGenerations';
import { markBundleDiscountsStale } from '../../discounts/bundleDiscounts';
import { asObject } from '../payloads';
import type { WebhookHandler } from '../types';

/** When the platform triggered the delivery (X-Shopify-Triggered-At), if it said so. */
async function triggeredAt(db: Db, deliveryId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('webhookDeliveries')
    .select('triggeredAt')
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  const at = row?.triggeredAt ? new Date(row.triggeredAt) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/**
 * app/uninstalled: the shop's access token is deleted and the shop marked uninstalled at once,
 * its started generations stop (credits refunded), its plan ends (the platform cancels the
 * app's charges) and its look bundle discounts are marked for rewriting. Every other row stays
 * until shop/redact. A reinstall exchanges a new token on the first request. A late retry of this
 * delivery never undoes a reinstall that came after it: a token stored (or an install made) after
 * the uninstall was triggered is kept.
 */
export const appUninstalled: WebhookHandler<Record<string, unknown>> = {
  topic: 'app/uninstalled',
  parse: (payload) => asObject(payload),
  async handle({ db, shop, delivery, log }) {
    const at = await triggeredAt(db, delivery.id);
    const now = new Date();
    const uninstalled = await db.transaction().execute(async (trx) => {
      let shops = trx.updateTable('shops').set({ installedAt: null }).where('id', '=', shop.id);
      if (at) shops = shops.where((eb) => eb.or([eb('installedAt', 'is', null), eb('installedAt', '<=', at)]));
      const changed = await shops.executeTakeFirst();
      if (at) {
        await trx.deleteFrom('accessTokens').where('shopId', '=', shop.id).where('updatedAt', '<=', at).execute();
      } else {
        await deleteTokenPair(trx, shop.id);
      }
      return Number(changed.numUpdatedRows) > 0;
    });
    if (!uninstalled) {
      log.info({ shop: shop.domain }, 'app/uninstalled: reinstalled since, nothing stopped');
      return;
    }
    const stopped = await stopShopGenerations(db, shop.id, now);
    await endShopPlan(db, shop.id, now);
    // Written anew after a reinstall (re-created if the platform dropped them with the app).
    await markBundleDiscountsStale(db, shop.id);
    log.info(
      { shop: shop.domain, stoppedGenerations: stopped },
      'app/uninstalled: token deleted, jobs and plan stopped',
    );
  },
};
