import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { PlansTable, ShopPlansTable } from '../../db/tables/billing';
import {
  BILLING,
  PLAN_NAMES,
  type BillingPlan,
  type BillingPlans,
  type PlanName,
  type PlanPeriod,
  type SubscriptionEndReason,
} from '../../../src/contracts/billing';
import { DEFAULT_LOCALE, isLocale } from '../../../src/contracts/api';
import { translate } from '../../i18n';

export type PlanRow = Selectable<PlansTable>;
export type ShopPlanRow = Selectable<ShopPlansTable>;

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const isPlanName = (value: unknown): value is PlanName =>
  typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.selectFrom('plans').selectAll().orderBy('sortOrder').execute();
}

export async function findPlan(db: Db, name: string): Promise<PlanRow | undefined> {
  if (!isPlanName(name)) return undefined;
  return db.selectFrom('plans').selectAll().where('name', '=', name).executeTakeFirst();
}

/** The shop's confirmed plan; a shop without a row is on free. */
export async function getShopPlan(db: Db, shopId: number): Promise<ShopPlanRow> {
  const row = await db.selectFrom('shopPlans').selectAll().where('shopId', '=', shopId).executeTakeFirst();
  return (
    row ?? {
      shopId,
      planName: 'free',
      chargeId: null,
      discountPercentage: null,
      discountCode: null,
      activatedAt: new Date(0),
    }
  );
}

/** Free counts as monthly for the period toggle. */
export const periodOf = (plan: PlanName): PlanPeriod => (plan === 'free' ? 'monthly' : plan);

function featuresIn(plan: PlanRow, locale: string): string {
  return plan.featuredText[locale] ?? plan.featuredText[DEFAULT_LOCALE] ?? '';
}

/** GET /shop/billing-plans (SPEC §3 plans data), texts in `locale`. */
export async function getBillingPlans(db: Db, shopId: number, locale: string): Promise<BillingPlans> {
  const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const [rows, current] = await Promise.all([listPlans(db), getShopPlan(db, shopId)]);
  const byName = new Map(rows.map((r) => [r.name, r]));
  const currentDiscount = current.discountPercentage === null ? null : Number(current.discountPercentage);

  const toPlan = (name: PlanName): BillingPlan => {
    const row = byName.get(name);
    const originalPrice = row ? Number(row.price) : 0;
    const isCurrent = current.planName === name;
    // The current subscription's discount, else a promotion configured on the plan.
    const discount =
      isCurrent && currentDiscount ? currentDiscount : row?.discountPercentage ? Number(row.discountPercentage) : 0;
    const discountCode =
      isCurrent && currentDiscount ? current.discountCode : discount ? (row?.discountCode ?? null) : null;
    const discountedPrice = discount > 0 ? round2(originalPrice * (1 - discount / 100)) : null;
    return {
      name,
      price: discountedPrice ?? originalPrice,
      originalPrice,
      discountedPrice,
      discount,
      discountCode,
      isCurrent,
      isActive: !!row?.active,
      usageLimit: row ? row.usageLimit : BILLING.freeUsageLimit,
      featuredText: row ? featuresIn(row, lang) : '',
      savingsText: row?.savingsPercentage
        ? translate(lang, 'Billing.plan.savings', { percentage: row.savingsPercentage })
        : null,
    };
  };

  const plans = Object.fromEntries(PLAN_NAMES.map((n) => [n, toPlan(n)])) as Record<PlanName, BillingPlan>;
  const monthlyPrice = plans.monthly.originalPrice || BILLING.monthlyPrice;
  const yearlyDiscount = byName.get('yearly')?.savingsPercentage ?? BILLING.yearlySavingsPercentage;
  return {
    plans,
    currentPlan: {
      name: current.planName,
      period: periodOf(current.planName),
      discount: currentDiscount,
      ended: await endedPlan(db, shopId),
    },
    pricingInfo: {
      monthlyPrice,
      yearlyPrice: round2(monthlyPrice * 12),
      yearlyPriceWithDiscount: plans.yearly.originalPrice || round2(monthlyPrice * 12 * (1 - yearlyDiscount / 100)),
      yearlyDiscount,
    },
  };
}

/** The plan the platform ended, while the shop is on free because of it (the plans page says so). */
export async function endedPlan(
  db: Db,
  shopId: number,
): Promise<{ plan: PlanName; reason: SubscriptionEndReason } | null> {
  const row = await db
    .selectFrom('shopPlans')
    .innerJoin('charges', 'charges.id', 'shopPlans.chargeId')
    .select(['charges.reference', 'charges.status'])
    .where('shopPlans.shopId', '=', shopId)
    .where('shopPlans.planName', '=', 'free')
    .executeTakeFirst();
  if (!row || !['cancelled', 'declined', 'frozen', 'expired'].includes(row.status)) return null;
  return { plan: row.reference as PlanName, reason: row.status as SubscriptionEndReason };
}
