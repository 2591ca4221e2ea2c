import type { AdminApi } from '../adminApi';
import type { ShopRef } from '../context';
import { BUNDLE_METAFIELD } from './bundleConfig';
import type { BundleDiscountCombinesWith } from '../../../src/contracts/booster';

/** The Function's handle (extensions/look-bundle/shopify.extension.toml). */
export const BUNDLE_FUNCTION_HANDLE = 'look-bundle';

export interface DiscountUserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

/** A discount mutation's outcome: its discount id, or the userErrors as one message. */
export type DiscountWrite = { ok: true; id: string } | { ok: false; notFound: boolean; message: string };

const CREATE = `mutation LookBundleDiscountCreate($automaticAppDiscount: DiscountAutomaticAppInput!) {
  discountAutomaticAppCreate(automaticAppDiscount: $automaticAppDiscount) {
    automaticAppDiscount { discountId }
    userErrors { field message code }
  }
}`;

const UPDATE = `mutation LookBundleDiscountUpdate($id: ID!, $automaticAppDiscount: DiscountAutomaticAppInput!) {
  discountAutomaticAppUpdate(id: $id, automaticAppDiscount: $automaticAppDiscount) {
    automaticAppDiscount { discountId }
    userErrors { field message code }
  }
}`;

const DELETE = `mutation LookBundleDiscountDelete($id: ID!) {
  discountAutomaticDelete(id: $id) {
    deletedAutomaticDiscountId
    userErrors { field message code }
  }
}`;

export interface AdminDiscounts {
  /** A new automatic app discount of the look bundle Function holding `value` in its metafield. */
  create(
    shop: ShopRef,
    input: { title: string; value: string; startsAt: Date; combinesWith: BundleDiscountCombinesWith },
  ): Promise<DiscountWrite>;
  /** Writes the metafield and the booster's combinations: the merchant's own edits (title, dates) stay. */
  update(shop: ShopRef, id: string, value: string, combinesWith: BundleDiscountCombinesWith): Promise<DiscountWrite>;
  remove(shop: ShopRef, id: string): Promise<DiscountWrite>;
}

const metafields = (value: string) => [{ ...BUNDLE_METAFIELD, type: 'json', value }];

/** userErrors → the outcome; "does not exist" (deleted in the admin) is told apart. */
function outcome(id: string | null | undefined, errors: DiscountUserError[] | undefined): DiscountWrite {
  if (errors?.length) {
    return {
      ok: false,
      notFound: errors.some((e) => (e.field ?? []).includes('id') || /not (exist|found)/i.test(e.message)),
      message: errors.map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; '),
    };
  }
  if (!id) return { ok: false, notFound: false, message: 'The platform answered without a discount id' };
  return { ok: true, id };
}

/**
 * The automatic app discount mutations of the Admin GraphQL API. A failed call (no token, platform
 * down, GraphQL errors) throws the Admin API client's AdminApiError; userErrors come back as values.
 */
export function adminDiscounts(admin: Pick<AdminApi, 'graphql'>): AdminDiscounts {
  type Payload = { automaticAppDiscount: { discountId: string } | null; userErrors: DiscountUserError[] };
  return {
    async create(shop, { title, value, startsAt, combinesWith }) {
      const data = await admin.graphql<{ discountAutomaticAppCreate: Payload }>(shop, CREATE, {
        automaticAppDiscount: {
          title,
          functionHandle: BUNDLE_FUNCTION_HANDLE,
          discountClasses: ['PRODUCT'],
          startsAt: startsAt.toISOString(),
          // The merchant's choice in the booster (booster.bundleDiscountCombinesWith).
          combinesWith: { ...combinesWith },
          metafields: metafields(value),
        },
      });
      const payload = data.discountAutomaticAppCreate;
      return outcome(payload?.automaticAppDiscount?.discountId, payload?.userErrors);
    },
    async update(shop, id, value, combinesWith) {
      const data = await admin.graphql<{ discountAutomaticAppUpdate: Payload }>(shop, UPDATE, {
        id,
        automaticAppDiscount: { combinesWith: { ...combinesWith }, metafields: metafields(value) },
      });
      const payload = data.discountAutomaticAppUpdate;
      return outcome(
        payload?.automaticAppDiscount?.discountId ?? (payload?.userErrors?.length ? null : id),
        payload?.userErrors,
      );
    },
    async remove(shop, id) {
      const data = await admin.graphql<{
        discountAutomaticDelete: { deletedAutomaticDiscountId: string | null; userErrors: DiscountUserError[] };
      }>(shop, DELETE, { id });
      const payload = data.discountAutomaticDelete;
      return outcome(
        payload?.deletedAutomaticDiscountId ?? (payload?.userErrors?.length ? null : id),
        payload?.userErrors,
      );
    },
  };
}
