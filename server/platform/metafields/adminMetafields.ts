import type { AdminApi } from '../adminApi';
import type { ShopRef } from '../context';

/** The platform's limit of metafields per metafieldsSet call. */
export const METAFIELDS_PER_CALL = 25;
/** The platform's limit of a json metafield value written with API 2026-04 or later (bytes). */
export const MAX_JSON_METAFIELD_BYTES = 128 * 1024;

export interface MetafieldInput {
  ownerId: string;
  namespace: string;
  key: string;
  type: 'json';
  value: string;
}

export interface MetafieldsUserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
  elementIndex?: number | null;
}

/** One call's outcome: atomic on the platform, so with userErrors nothing of the call was written. */
export type MetafieldsWrite = { ok: true } | { ok: false; errors: MetafieldsUserError[] };

const OWNERS = `query StorefrontMetafieldOwners { currentAppInstallation { id } shop { id } }`;

const SET = `mutation StorefrontMetafieldsSet($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { id namespace key }
    userErrors { field message code elementIndex }
  }
}`;

/** The owners of the shop-wide metafields: the app installation (app-data) and the shop. */
export interface MetafieldOwners {
  installation: string;
  shop: string;
}

export interface AdminMetafields {
  /** The app installation's id (the owner of app-data metafields) and the shop's, in one query. */
  owners(shop: ShopRef): Promise<MetafieldOwners>;
  /** One metafieldsSet call (at most METAFIELDS_PER_CALL metafields). */
  set(shop: ShopRef, metafields: MetafieldInput[]): Promise<MetafieldsWrite>;
}

/**
 * The metafield calls of the Admin GraphQL API. A failed call (no token, platform down, GraphQL
 * errors) throws the Admin API client's AdminApiError (THROTTLED is waited out there); userErrors
 * come back as values.
 */
export function adminMetafields(admin: Pick<AdminApi, 'graphql'>): AdminMetafields {
  return {
    async owners(shop) {
      const data = await admin.graphql<{ currentAppInstallation: { id: string } | null; shop: { id: string } | null }>(
        shop,
        OWNERS,
      );
      const installation = data.currentAppInstallation?.id;
      const shopId = data.shop?.id;
      if (!installation || !shopId) throw new Error('The platform answered without the app installation or shop id');
      return { installation, shop: shopId };
    },
    async set(shop, metafields) {
      if (metafields.length > METAFIELDS_PER_CALL)
        throw new Error(`metafieldsSet takes at most ${METAFIELDS_PER_CALL} metafields`);
      const data = await admin.graphql<{ metafieldsSet: { userErrors: MetafieldsUserError[] } | null }>(shop, SET, {
        metafields,
      });
      const errors = data.metafieldsSet?.userErrors ?? [];
      return errors.length ? { ok: false, errors } : { ok: true };
    },
  };
}

/** The index of the metafield a userError names (elementIndex, else `field: ["metafields", "3", …]`). */
export function errorIndex(error: MetafieldsUserError): number | null {
  if (typeof error.elementIndex === 'number') return error.elementIndex;
  const [first, second] = error.field ?? [];
  return first === 'metafields' && /^\d+$/.test(second ?? '') ? Number(second) : null;
}

export const describeErrors = (errors: MetafieldsUserError[]) =>
  errors
    .map((e) => `${e.field?.length ? `${e.field.join('.')}: ` : ''}${e.message}${e.code ? ` (${e.code})` : ''}`)
    .join('; ');
