import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import { DEFAULT_LAYOUT_SETTINGS, normalizeLayout, type LayoutSettings } from '../../../src/contracts/layout';
import { layoutSettingsSchema } from '../../../src/contracts/layout.schema';
import { validate } from '../../../src/contracts/validation';
import { validationFailed } from '../../http/errors';
import { recordChange } from '../changes/outbox';

export async function getLayout(db: Db, shopId: number): Promise<LayoutSettings> {
  const row = await db.selectFrom('layoutSettings').select('settings').where('shopId', '=', shopId).executeTakeFirst();
  return { ...DEFAULT_LAYOUT_SETTINGS, ...(row?.settings ?? {}) };
}

/**
 * Validates layout settings sent by a client: a partial body is merged over
 * `base`, empty selector becomes null; invalid → 400 with per-field messages.
 */
export function parseLayout(base: LayoutSettings, body: unknown): LayoutSettings {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed({ _: { key: 'validation.invalidBody' } });
  }
  const merged = { ...base, ...(body as object) } as LayoutSettings;
  if (merged.inPageCssSelector === '') merged.inPageCssSelector = null;
  const result = validate(layoutSettingsSchema, merged);
  if (result.errors) throw validationFailed(result.errors);
  return normalizeLayout(result.value as LayoutSettings);
}

/** PATCH /layout: saves and marks the shop as customised (onboarding "customize design"). */
export async function updateLayout(db: Db, shop: ShopRow, body: unknown): Promise<LayoutSettings> {
  const before = await getLayout(db, shop.id);
  const settings = parseLayout(before, body);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('layoutSettings')
      .values({ shopId: shop.id, settings: JSON.stringify(settings) })
      .onConflict((oc) =>
        oc.column('shopId').doUpdateSet({ settings: JSON.stringify(settings), updatedAt: new Date() }),
      )
      .execute();
    await trx.updateTable('shops').set({ shopUpdated: true }).where('id', '=', shop.id).execute();
    await recordChange(db, shop.id, { kind: 'layoutChanged', before, after: settings }, trx);
  });
  return settings;
}
