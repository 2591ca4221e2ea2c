import type { FakeAdminModule, FakeAdminModuleFactory, FakeResolution } from './module';

/** One metafield as the stand-in keeps it. */
export interface FakeMetafield {
  ownerId: string;
  /** As stored: `$app` becomes the app's reserved namespace `app--<app id>`. */
  namespace: string;
  key: string;
  type: string;
  value: string;
}

export interface FakeMetafieldsSetCall {
  shop: string;
  metafields: Array<Record<string, unknown>>;
  userErrors: FakeMetafieldsUserError[];
}

interface FakeMetafieldsUserError {
  field: string[] | null;
  message: string;
  code: string;
  elementIndex: number | null;
}

export interface FakeMetafields extends FakeAdminModule {
  /** Every metafieldsSet call, in order (with the userErrors it got). */
  readonly calls: FakeMetafieldsSetCall[];
  /** The app installation's gid of the shop (`currentAppInstallation { id }`). */
  installationId(shop: string): string;
  /** The shop's own gid (`shop { id }`), an owner of metafields too. */
  shopId(shop: string): string;
  /** The parsed value of a metafield (namespace `$app` as the app writes it), undefined when unset. */
  valueOf(shop: string, ownerId: string, namespace: string, key: string): unknown;
  /** The app-data metafield (owner: the installation) `namespace`/`key`, parsed. */
  appDataOf(shop: string, namespace: string, key: string): unknown;
  /** Owners (product gids…) that have the metafield `namespace`/`key`. */
  ownersWith(shop: string, namespace: string, key: string): string[];
  /** The next metafieldsSet call of the shop gets this userError on its `index`th metafield. */
  refuseNext(shop: string, index: number, message?: string, code?: string): void;
  /** A new installation of the app: new id, the old installation's app-data metafields are gone. */
  reinstall(shop: string): void;
}

/** The app's id on the platform, as `$app` resolves (app--<id>). */
export const FAKE_APP_ID = '4242';
export const MAX_METAFIELDS_PER_SET = 25;
/** json values written with API 2026-04 or later. */
export const MAX_JSON_BYTES = 128 * 1024;
const SIMPLE_TYPES = new Set(['json', 'single_line_text_field', 'multi_line_text_field', 'boolean', 'number_integer']);

const resolveNamespace = (namespace: string) =>
  namespace === '$app' ? `app--${FAKE_APP_ID}` : namespace.replace(/^\$app:/, `app--${FAKE_APP_ID}--`);

/**
 * Metafields: `currentAppInstallation { id }` (with `shop { id }` when asked) and `metafieldsSet(metafields:)` as the Admin GraphQL API
 * answers them: at most 25 metafields a call, atomic (any userError and nothing is written), userErrors
 * `{ field, message, code, elementIndex }` for an unknown owner, a bad namespace or key, a missing or
 * unknown type, invalid JSON and a json value above 128 KB. Owners: the shop's products (the stand-in's
 * catalog), the shop and its app installation. `$app` resolves to the app's reserved namespace.
 */
export const fakeMetafields: FakeAdminModuleFactory = (core) => {
  const installations = new Map<string, number>();
  let nextInstallation = 9000;
  const shops = new Map<string, number>();
  const stored = new Map<string, Map<string, FakeMetafield>>();
  const refusals = new Map<string, { index: number; message: string; code: string }>();
  const calls: FakeMetafieldsSetCall[] = [];

  const installationId = (shop: string) => {
    if (!installations.has(shop)) installations.set(shop, nextInstallation++);
    return `gid://shopify/AppInstallation/${installations.get(shop)}`;
  };
  const shopId = (shop: string) => {
    if (!shops.has(shop)) shops.set(shop, 70_000 + shops.size);
    return `gid://shopify/Shop/${shops.get(shop)}`;
  };
  const storeOf = (shop: string) => {
    if (!stored.has(shop)) stored.set(shop, new Map());
    return stored.get(shop)!;
  };
  const id = (ownerId: string, namespace: string, key: string) => `${ownerId}|${namespace}|${key}`;

  function validate(shop: string, m: Record<string, unknown>, i: number): FakeMetafieldsUserError | null {
    const err = (field: string, message: string, code: string) => ({
      field: ['metafields', String(i), field],
      message,
      code,
      elementIndex: i,
    });
    const ownerId = typeof m.ownerId === 'string' ? m.ownerId : '';
    const known =
      ownerId === installationId(shop) ||
      ownerId === shopId(shop) ||
      core.productsOf(shop).some((p) => p.id === ownerId);
    if (!known) return err('ownerId', 'Owner does not exist.', 'INVALID');
    const namespace = typeof m.namespace === 'string' ? m.namespace : '';
    if (namespace !== '$app' && !/^[A-Za-z0-9_-]{3,255}$/.test(namespace))
      return err('namespace', 'Namespace is invalid.', namespace.length < 3 ? 'TOO_SHORT' : 'INVALID');
    const key = typeof m.key === 'string' ? m.key : '';
    if (!/^[A-Za-z0-9_-]{2,64}$/.test(key))
      return err('key', 'Key is invalid.', key.length < 2 ? 'TOO_SHORT' : 'INVALID');
    if (typeof m.type !== 'string' || !m.type) return err('type', "Type can't be blank.", 'BLANK');
    if (!SIMPLE_TYPES.has(m.type)) return err('type', 'Type is invalid.', 'INVALID_TYPE');
    if (typeof m.value !== 'string') return err('value', "Value can't be blank.", 'BLANK');
    if (m.type === 'json') {
      try {
        JSON.parse(m.value);
      } catch {
        return err('value', 'Value is invalid JSON.', 'INVALID_VALUE');
      }
      if (Buffer.byteLength(m.value, 'utf8') > MAX_JSON_BYTES)
        return err('value', `Value is too long (maximum is ${MAX_JSON_BYTES} bytes).`, 'TOO_LONG');
    }
    return null;
  }

  function set(shop: string, input: unknown) {
    const metafields = (Array.isArray(input) ? input : []).map((m) =>
      m && typeof m === 'object' ? (m as Record<string, unknown>) : {},
    );
    const userErrors: FakeMetafieldsUserError[] = [];
    if (metafields.length > MAX_METAFIELDS_PER_SET) {
      userErrors.push({
        field: ['metafields'],
        message: `Exceeded the maximum metafields input limit of ${MAX_METAFIELDS_PER_SET}.`,
        code: 'LESS_THAN_OR_EQUAL_TO',
        elementIndex: null,
      });
    } else {
      metafields.forEach((m, i) => {
        const error = validate(shop, m, i);
        if (error) userErrors.push(error);
      });
      const refusal = refusals.get(shop);
      if (refusal) {
        refusals.delete(shop);
        if (refusal.index < metafields.length) {
          userErrors.push({
            field: ['metafields', String(refusal.index), 'value'],
            message: refusal.message,
            code: refusal.code,
            elementIndex: refusal.index,
          });
        }
      }
    }
    calls.push({ shop, metafields, userErrors });
    if (userErrors.length) return { metafieldsSet: { metafields: [], userErrors } };
    const store = storeOf(shop);
    const written = metafields.map((m) => {
      const namespace = resolveNamespace(String(m.namespace));
      const row: FakeMetafield = {
        ownerId: String(m.ownerId),
        namespace,
        key: String(m.key),
        type: String(m.type),
        value: String(m.value),
      };
      store.set(id(row.ownerId, namespace, row.key), row);
      return {
        id: `gid://shopify/Metafield/${Math.abs(hash(id(row.ownerId, namespace, row.key)))}`,
        namespace,
        key: row.key,
      };
    });
    return { metafieldsSet: { metafields: written, userErrors: [] } };
  }

  const module: FakeMetafields = {
    calls,
    resolve(shop, query, variables): FakeResolution | null {
      if (/\bmetafieldsSet\s*\(/.test(query)) {
        return { requested: 10, answer: () => ({ actual: 10, data: set(shop, variables.metafields) }) };
      }
      if (/\bcurrentAppInstallation\s*\{\s*id\s*\}/.test(query)) {
        const withShop = /\bshop\s*\{\s*id\s*\}/.test(query);
        const data = {
          currentAppInstallation: { id: installationId(shop) },
          ...(withShop ? { shop: { id: shopId(shop) } } : {}),
        };
        return { requested: withShop ? 2 : 1, answer: () => ({ actual: withShop ? 2 : 1, data }) };
      }
      return null;
    },
    installationId,
    shopId,
    valueOf(shop, ownerId, namespace, key) {
      const row = storeOf(shop).get(id(ownerId, resolveNamespace(namespace), key));
      return row ? JSON.parse(row.value) : undefined;
    },
    appDataOf(shop, namespace, key) {
      return module.valueOf(shop, installationId(shop), namespace, key);
    },
    ownersWith(shop, namespace, key) {
      const ns = resolveNamespace(namespace);
      return [...storeOf(shop).values()].filter((m) => m.namespace === ns && m.key === key).map((m) => m.ownerId);
    },
    refuseNext(shop, index, message = 'Value is invalid.', code = 'INVALID_VALUE') {
      refusals.set(shop, { index, message, code });
    },
    reinstall(shop) {
      const old = installationId(shop);
      const store = storeOf(shop);
      for (const [k, m] of store) if (m.ownerId === old) store.delete(k);
      installations.set(shop, nextInstallation++);
    },
  };
  return module;
};

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return h;
}
