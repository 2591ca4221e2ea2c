import { findShopByDomain, type ShopRow } from '../services/shop/shops';
import type { AdminApi } from './adminApi';
import type { PlatformContext, ShopRef } from './context';

/**
 * May the shop use checkout UI extensions? Only Shopify Plus stores (and development stores, to
 * build and test) render them in checkout. The plan is read from the Admin API and cached on the
 * shop (`can_use_checkout_ui_extension`, `plan_checked_at`): on install (token exchange), after
 * app/scopes_update (the webhook marks it stale), and at most once a day when the admin reads it.
 * `shop.checkoutApiSupported` is not used: it is about the legacy Checkout API and true on Basic.
 */
export const SHOP_PLAN_QUERY = `query ShopPlan {
  shop { plan { shopifyPlus partnerDevelopment } }
}`;

export const PLAN_MAX_AGE_MS = 24 * 60 * 60_000;

export interface ShopPlanAnswer {
  shop: { plan: { shopifyPlus: boolean; partnerDevelopment: boolean } | null };
}

export const canUseCheckoutExtensions = (plan: ShopPlanAnswer['shop']['plan']): boolean =>
  !!plan && (plan.shopifyPlus === true || plan.partnerDevelopment === true);

export interface ShopPlans {
  /** Reads the plan now and stores the answer; throws the Admin API's error. */
  refresh(shop: ShopRef): Promise<boolean>;
  /**
   * The shop row with a plan no older than a day: asks the platform when it is stale; when that
   * fails, the cached answer stays (logged) and is asked for again on the next read.
   */
  fresh(shop: ShopRow): Promise<ShopRow>;
}

export const isPlanStale = (shop: Pick<ShopRow, 'planCheckedAt'>, now: Date): boolean =>
  !shop.planCheckedAt || now.getTime() - new Date(shop.planCheckedAt).getTime() >= PLAN_MAX_AGE_MS;

export function createShopPlans(ctx: PlatformContext, admin: AdminApi): ShopPlans {
  const pending = new Map<number, Promise<boolean>>();

  async function read(shop: ShopRef): Promise<boolean> {
    const data = await admin.graphql<ShopPlanAnswer>(shop, SHOP_PLAN_QUERY);
    const allowed = canUseCheckoutExtensions(data?.shop?.plan ?? null);
    await ctx.db
      .updateTable('shops')
      .set({ canUseCheckoutUiExtension: allowed, planCheckedAt: ctx.now() })
      .where('id', '=', shop.id)
      .execute();
    return allowed;
  }

  const plans: ShopPlans = {
    refresh(shop) {
      // One read at a time per shop (the dashboard and the booster page ask together).
      let running = pending.get(shop.id);
      if (!running) {
        running = read(shop).finally(() => pending.delete(shop.id));
        pending.set(shop.id, running);
      }
      return running;
    },

    async fresh(shop) {
      if (!isPlanStale(shop, ctx.now())) return shop;
      try {
        await plans.refresh(shop);
      } catch (error) {
        ctx.log('warn', `the plan of ${shop.domain} could not be read: ${(error as Error).message}`);
        return shop;
      }
      return (await findShopByDomain(ctx.db, shop.domain)) ?? shop;
    },
  };
  return plans;
}
