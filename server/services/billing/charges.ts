import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { Config } from '../../config';
import type { ChargesTable } from '../../db/tables/billing';
import type { ShopRow } from '../shop/shops';
import { HttpError, notFound } from '../../http/errors';
import { INT32_MAX } from '../../../src/contracts/routeInput.schema';

/** The currency of every app charge (the plans' and credit packages' prices). */
export const BILLING_CURRENCY = 'USD';

export type ChargeRow = Selectable<ChargesTable>;

export interface ChargeInput {
  kind: ChargeRow['kind'];
  purpose: ChargeRow['purpose'];
  reference: string;
  name: string;
  amount: number;
  interval?: ChargeRow['interval'];
  trialDays?: number;
  discountPercentage?: number | null;
  discountCode?: string | null;
  /** Where the merchant returns after approving or declining (charge_id is appended). */
  returnUrl: string;
}

/**
 * The platform side of a charge in APP_MODE=shopify (Admin GraphQL
 * appSubscriptionCreate / appPurchaseOneTimeCreate). Billing provides it.
 */
export interface PlatformBilling {
  create(shop: ShopRow, charge: ChargeRow): Promise<{ platformChargeId: string; confirmationUrl: string }>;
  cancel?(shop: ShopRow, charge: ChargeRow): Promise<void>;
  /** The platform's decision on a charge (after the merchant returned). */
  status?(shop: ShopRow, charge: ChargeRow): Promise<'pending' | 'active' | 'declined'>;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Records a pending charge and returns where the merchant confirms it: the
 * platform's page in shopify mode, the backend's own approve/decline page
 * (/charges/:id/confirm) in standalone mode.
 */
export async function createCharge(
  db: Db,
  config: Config,
  shop: ShopRow,
  input: ChargeInput,
  platform?: PlatformBilling,
): Promise<{ charge: ChargeRow; confirmationUrl: string }> {
  const token = randomBytes(18).toString('base64url');
  const charge = await db
    .insertInto('charges')
    .values({
      shopId: shop.id,
      kind: input.kind,
      purpose: input.purpose,
      reference: input.reference,
      name: input.name,
      amount: input.amount.toFixed(2),
      // Plan and credit prices are US dollars, whatever the shop sells in.
      currency: BILLING_CURRENCY,
      interval: input.interval ?? null,
      trialDays: input.trialDays ?? 0,
      discountPercentage: input.discountPercentage ?? null,
      discountCode: input.discountCode ?? null,
      confirmTokenHash: config.appMode === 'standalone' ? hashToken(token) : null,
      platformChargeId: null,
      returnUrl: input.returnUrl,
      decidedAt: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (config.appMode === 'standalone') {
    // The stand-in approval page, on the origin the merchant returns to (the one they opened).
    return {
      charge,
      confirmationUrl: `${new URL(input.returnUrl).origin}/charges/${charge.id}/confirm?token=${token}`,
    };
  }
  if (!platform) throw new HttpError(501, 'Billing through the platform is not configured');
  let created: Awaited<ReturnType<PlatformBilling['create']>>;
  try {
    created = await platform.create(shop, charge);
  } catch (error) {
    // The platform refused or could not be reached: leave no pending charge behind.
    await db.deleteFrom('charges').where('id', '=', charge.id).where('status', '=', 'pending').execute();
    throw error;
  }
  const updated = await db
    .updateTable('charges')
    .set({ platformChargeId: created.platformChargeId })
    .where('id', '=', charge.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { charge: updated, confirmationUrl: created.confirmationUrl };
}

/** A charge of the shop (never another shop's). */
export async function getCharge(db: Db, shopId: number, chargeId: number): Promise<ChargeRow | undefined> {
  if (!Number.isSafeInteger(chargeId)) return undefined;
  return db
    .selectFrom('charges')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('id', '=', chargeId)
    .executeTakeFirst();
}

/** Standalone confirmation page: loads a pending-or-decided charge by id and secret token. */
export async function getChargeForConfirmation(db: Db, chargeId: number, token: string): Promise<ChargeRow> {
  const charge = Number.isSafeInteger(chargeId)
    ? await db.selectFrom('charges').selectAll().where('id', '=', chargeId).executeTakeFirst()
    : undefined;
  if (!charge?.confirmTokenHash) throw notFound();
  const a = Buffer.from(charge.confirmTokenHash, 'hex');
  const b = Buffer.from(hashToken(token || ''), 'hex');
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw notFound();
  return charge;
}

/** Approves or declines a pending charge (once); returns the return URL with charge_id. */
export async function decideCharge(db: Db, charge: ChargeRow, approve: boolean, now: Date): Promise<string> {
  if (charge.status === 'pending') {
    await db
      .updateTable('charges')
      .set({ status: approve ? 'active' : 'declined', decidedAt: now })
      .where('id', '=', charge.id)
      .where('status', '=', 'pending')
      .execute();
  }
  const url = new URL(charge.returnUrl);
  url.searchParams.set('charge_id', String(charge.id));
  return url.toString();
}

/** Marks a shop's active charges of a purpose as cancelled (e.g. on downgrade). */
export async function cancelCharges(db: Db, shopId: number, purpose: ChargeRow['purpose'], now: Date): Promise<void> {
  await db
    .updateTable('charges')
    .set({ status: 'cancelled', decidedAt: now })
    .where('shopId', '=', shopId)
    .where('purpose', '=', purpose)
    .where('status', '=', 'active')
    .execute();
}

/**
 * The charge a return URL names with `charge_id`: this backend's id in
 * standalone mode, the platform's numeric id (AppSubscription /
 * AppPurchaseOneTime) in shopify mode — only a charge of this shop and
 * purpose. While it is pending in shopify mode, its status is taken from the
 * platform and stored.
 */
export async function findReturnedCharge(
  db: Db,
  config: Config,
  shop: ShopRow,
  purpose: ChargeRow['purpose'],
  chargeIdParam: string,
  now: Date,
  platform?: PlatformBilling,
): Promise<ChargeRow | undefined> {
  if (!/^\d{1,18}$/.test(chargeIdParam)) return undefined;
  const query = db.selectFrom('charges').selectAll().where('shopId', '=', shop.id).where('purpose', '=', purpose);
  let charge: ChargeRow | undefined;
  if (config.appMode === 'shopify') {
    charge = await query
      .where('platformChargeId', 'in', [
        `gid://shopify/AppSubscription/${chargeIdParam}`,
        `gid://shopify/AppPurchaseOneTime/${chargeIdParam}`,
      ])
      .executeTakeFirst();
  } else {
    const id = Number(chargeIdParam);
    charge =
      Number.isSafeInteger(id) && id <= INT32_MAX ? await query.where('id', '=', id).executeTakeFirst() : undefined;
  }
  if (charge?.status === 'pending' && config.appMode === 'shopify' && platform?.status) {
    const status = await platform.status(shop, charge);
    if (status !== 'pending') {
      charge =
        (await db
          .updateTable('charges')
          .set({ status, decidedAt: now })
          .where('id', '=', charge.id)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst()) ?? charge;
    }
  }
  return charge;
}
