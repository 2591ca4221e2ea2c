import type { Db } from '../../db';
import type { Config } from '../../config';
import type { ShopRow } from '../shop/shops';
import { cancelCharges, createCharge, findReturnedCharge } from './charges';
import { guessDiscountCode } from './discounts';
import { planChargeName } from './lifetimeRestore';
import { findPlan, getShopPlan } from './plans';
import { invalidateLooksList } from '../looks/looks';
import { lookState, recordChange } from '../changes/outbox';
import type { ShopifyBilling } from './platformBilling';
import { appPagePath, chargeReturnUrl, type EMBEDDED_PARAMS } from './returnUrls';
import { HttpError, badRequest, notFound } from '../../http/errors';
import {
  PLAN_ERRORS,
  type DowngradePreview,
  type DowngradeResult,
  type PlanName,
  type SelectPlanResponse,
} from '../../../src/contracts/billing';
import type { SelectPlanBody } from '../../../src/contracts/billing.schema';

export interface BillingDeps {
  db: Db;
  config: Config;
  now: () => Date;
  /** The platform's billing API (APP_MODE=shopify). */
  platform?: ShopifyBilling;
  /** The origin the merchant opened the app at (the request's): standalone charges return there. */
  origin?: string;
}

export const BILLING_RETURN_PATH = '/api/billing/return';

/** The admin's parameters on the return (shop, host, embedded), kept on the app page it redirects to. */
export type EmbeddedQuery = Partial<Record<(typeof EMBEDDED_PARAMS)[number], string>>;

/**
 * POST /shop/select-plan: validates the plan and discount (a wrong code counts
 * as a failed guess, see DISCOUNT_GUESS_LIMITS), records a pending
 * charge and returns where the merchant approves it. Nothing changes on the
 * shop's plan until the charge is confirmed (see confirmPlanCharge).
 */
export async function selectPlan(
  deps: BillingDeps,
  shop: ShopRow,
  body: SelectPlanBody,
  clientIp: string,
): Promise<SelectPlanResponse> {
  const { db, config, now } = deps;
  const plan = await findPlan(db, body.planName);
  if (!plan || plan.name === 'free' || !plan.active) throw badRequest(PLAN_ERRORS.invalidPlan, 'invalid_plan');
  const current = await getShopPlan(db, shop.id);
  if (current.planName === 'lifetime') throw badRequest(PLAN_ERRORS.duplicateLifetime, 'duplicate_lifetime');
  if (current.planName === plan.name) throw badRequest(PLAN_ERRORS.alreadySubscribed, 'already_subscribed');

  const promotion = plan.discountPercentage ? Number(plan.discountPercentage) : 0;
  let discountPercentage: number | null = promotion || null;
  let discountCode: string | null = promotion ? plan.discountCode : null;
  const requested = body.discountCode?.trim();
  if (requested) {
    if (plan.name !== 'monthly')
      throw badRequest('Discount codes apply to the monthly plan only', 'discount_not_applicable');
    if (promotion) throw badRequest('This plan already has a discount', 'discount_not_applicable');
    const code = await guessDiscountCode(db, requested, { shopId: shop.id, ip: clientIp }, now());
    if (!code) throw badRequest('Invalid discount code', 'invalid_discount');
    discountPercentage = code.percentage;
    discountCode = code.code;
  }

  const returnUrl = chargeReturnUrl(
    config,
    shop.domain,
    `${BILLING_RETURN_PATH}?shop=${encodeURIComponent(shop.domain)}`,
    deps.origin,
  );
  const { confirmationUrl } = await createCharge(
    db,
    config,
    shop,
    {
      kind: plan.name === 'lifetime' ? 'one_time' : 'subscription',
      purpose: 'plan',
      reference: plan.name,
      name: planChargeName(plan.title),
      amount: Number(plan.price),
      interval: plan.interval,
      // The free trial is for shops coming from the free plan, not for switching between paid plans.
      trialDays: current.planName === 'free' ? plan.trialDays : 0,
      discountPercentage,
      discountCode,
      returnUrl,
    },
    deps.platform,
  );
  return { confirmationUrl };
}

/**
 * GET /api/billing/return?shop=…&charge_id=…: public. Activates the plan of
 * an APPROVED charge of that shop (once) and answers where to send the browser.
 */
export async function confirmPlanCharge(
  deps: BillingDeps,
  shopDomain: string,
  chargeId: string,
  embedded: EmbeddedQuery = {},
): Promise<string> {
  const { db, config, now } = deps;
  const shop = await db.selectFrom('shops').selectAll().where('domain', '=', shopDomain).executeTakeFirst();
  if (!shop) throw notFound();
  const charge = await findReturnedCharge(db, config, shop, 'plan', chargeId, now(), deps.platform);
  if (!charge) throw notFound(PLAN_ERRORS.noInvoice);
  if (charge.status !== 'active') return appPagePath('/billing/plans?declined=1', embedded);

  const planName = charge.reference as PlanName;
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('shopPlans')
      .selectAll()
      .where('shopId', '=', shop.id)
      .forUpdate()
      .executeTakeFirst();
    if (current?.chargeId === charge.id) return; // already activated (a reload of the return URL)
    // The approved charge replaces any earlier plan charge (the platform replaces the subscription).
    await trx
      .updateTable('charges')
      .set({ status: 'cancelled', decidedAt: now() })
      .where('shopId', '=', shop.id)
      .where('purpose', '=', 'plan')
      .where('status', '=', 'active')
      .where('id', '!=', charge.id)
      .execute();
    const values = {
      planName,
      chargeId: charge.id,
      discountPercentage: charge.discountPercentage,
      discountCode: charge.discountCode,
      activatedAt: now(),
    };
    await trx
      .insertInto('shopPlans')
      .values({ shopId: shop.id, ...values })
      .onConflict((oc) => oc.column('shopId').doUpdateSet(values))
      .execute();
  });
  // Replacement applies between subscriptions only: a one-time purchase (Lifetime) leaves an active
  // subscription billing, so it is cancelled here — again on a reload of the return, until none is left.
  if (charge.kind === 'one_time' && deps.platform) await deps.platform.cancelActiveSubscriptions(shop);
  return appPagePath(`/billing/plans?subscribed=${encodeURIComponent(planName)}`, embedded);
}

/**
 * Active looks beyond the free limit, the least recently updated ones: the
 * most recently updated active look(s) stay live after a downgrade.
 */
async function looksBeyondFreeLimit(db: Db, shopId: number, freeLimit: number) {
  return db
    .selectFrom('productLooks')
    .select(['id', 'title'])
    .where('shopId', '=', shopId)
    .where('active', '=', true)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .offset(freeLimit)
    .limit(10_000)
    .execute();
}

async function freeUsageLimit(db: Db): Promise<number> {
  const free = await findPlan(db, 'free');
  return free?.usageLimit ?? 1;
}

/** GET /shop/downgrade/preview: what the free plan would switch off. */
export async function downgradePreview(db: Db, shopId: number): Promise<DowngradePreview> {
  const [current, limit] = await Promise.all([getShopPlan(db, shopId), freeUsageLimit(db)]);
  const looksToDeactivate = await looksBeyondFreeLimit(db, shopId, limit);
  const active = await db
    .selectFrom('productLooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shopId', '=', shopId)
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return { currentPlan: current.planName, freeUsageLimit: limit, activeLooks: Number(active.n), looksToDeactivate };
}

/**
 * POST /shop/downgrade?planName=free: cancels the plan's charge (on the
 * platform too), moves the shop to free and sets the active looks beyond the
 * free limit to draft. Looks are kept.
 */
export async function downgrade(deps: BillingDeps, shop: ShopRow, planName: unknown): Promise<DowngradeResult> {
  const { db } = deps;
  if (planName !== 'free') throw badRequest(PLAN_ERRORS.invalidPlan, 'invalid_plan');
  const current = await getShopPlan(db, shop.id);
  if (current.planName === 'free') throw badRequest(PLAN_ERRORS.alreadySubscribed, 'already_subscribed');

  if (deps.config.appMode === 'shopify' && current.chargeId) {
    const charge = await db
      .selectFrom('charges')
      .selectAll()
      .where('id', '=', current.chargeId)
      .where('shopId', '=', shop.id)
      .executeTakeFirst();
    if (charge && charge.status === 'active') {
      if (!deps.platform?.cancel) throw new HttpError(501, 'Billing through the platform is not configured');
      await deps.platform.cancel(shop, charge);
    }
  }

  const deactivatedLooks = await switchToFree(deps, shop.id);
  return { plan: 'free', deactivatedLooks };
}

/**
 * Moves the shop to the free plan: its plan charges are cancelled and the active looks beyond the free
 * limit go to draft (looks are kept). `ended`: the platform ended this charge (app_subscriptions/update)
 * — it stays named on the free plan, so the plans page can say so and a reactivation can bring it back.
 */
export async function switchToFree(
  deps: Pick<BillingDeps, 'db' | 'now'>,
  shopId: number,
  ended?: { chargeId: number },
): Promise<Array<{ id: number; title: string }>> {
  const { db, now } = deps;
  const limit = await freeUsageLimit(db);
  const result = await db.transaction().execute(async (trx) => {
    await cancelCharges(trx, shopId, 'plan', now());
    const values = {
      planName: 'free' as const,
      chargeId: ended?.chargeId ?? null,
      discountPercentage: null,
      discountCode: null,
      activatedAt: now(),
    };
    await trx
      .insertInto('shopPlans')
      .values({ shopId, ...values })
      .onConflict((oc) => oc.column('shopId').doUpdateSet(values))
      .execute();
    const beyond = await looksBeyondFreeLimit(trx, shopId, limit);
    if (beyond.length) {
      const drafted = await trx
        .updateTable('productLooks')
        .set({ active: false })
        .where('shopId', '=', shopId)
        .where(
          'id',
          'in',
          beyond.map((l) => l.id),
        )
        .returning(['id', 'mainProduct', 'discount'])
        .execute();
      for (const look of drafted) {
        await recordChange(
          db,
          shopId,
          {
            kind: 'lookChanged',
            before: lookState({ ...look, active: true }),
            after: lookState({ ...look, active: false }),
          },
          trx,
        );
      }
    }
    return beyond;
  });
  // Looks went to draft: the looks list must show it at once.
  invalidateLooksList(db, shopId);
  return result;
}
