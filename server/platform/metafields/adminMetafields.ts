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

const INSTALLATION = `query StorefrontAppInstallation { currentAppInstallation { id } }`;

const SET = `mutation StorefrontMetafieldsSet($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { id namespace key }
    userErrors { field message code elementIndex }
  }
}`;

export interface AdminMetafields {
  /** The app installation's id (the owner of app-data metafields). */
  installationId(shop: ShopRef): Promise<string>;
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
    async installationId(shop) {
      const data = await admin.graphql<{ currentAppInstallation: { id: string } | null }>(shop, INSTALLATION);
      const id = data.currentAppInstallation?.id;
      if (!id) throw new Error('The platform answered without the app installation id');
      return id;
    },
    async set(shop, metafields) {
      if (metafields.length > METAFIELDS_PER_CALL) throw new Error(`metafieldsSet takes at most ${METAFIELDS_PER_CALL} metafields`);
      const data = await admin.graphql<{ metafieldsSet: { userErrors: MetafieldsUserError[] } | null }>(shop, SET, { metafields });
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
  errors.map((e) => `${e.field?.length ? `${e.field.join('.')}: ` : ''}${e.message}${e.code ? ` (${e.code})` : ''}`).join('; ');
