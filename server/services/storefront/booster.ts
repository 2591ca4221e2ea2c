import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import {
  DEFAULT_BOOSTER_VALUES,
  normalizeBooster,
  type BoosterSettings,
  type BoosterValues,
} from '../../../src/contracts/booster';
import { boosterSchema } from '../../../src/contracts/booster.schema';
import { validate } from '../../../src/contracts/validation';
import { validationFailed } from '../../http/errors';
import { listCollections } from './collections';
import { recordChange } from '../changes/outbox';

export async function getBoosterValues(db: Db, shopId: number): Promise<BoosterValues> {
  const row = await db.selectFrom('boosterSettings').select('settings').where('shopId', '=', shopId).executeTakeFirst();
  const saved: Partial<BoosterValues> = row?.settings ?? {};
  return {
    ...DEFAULT_BOOSTER_VALUES,
    ...saved,
    bundleDiscountCombinesWith: {
      ...DEFAULT_BOOSTER_VALUES.bundleDiscountCombinesWith,
      ...(saved.bundleDiscountCombinesWith ?? {}),
    },
  };
}

export async function getBooster(db: Db, shop: ShopRow): Promise<BoosterSettings> {
  return { ...(await getBoosterValues(db, shop.id)), collections: await listCollections(db, shop) };
}

/**
 * PATCH /booster: merged over the saved values; the SPEC §4 rules are applied
 * (discount type ↔ applyDiscountAtc, cart toggle off → no selector); `collections`
 * in the body is ignored (they have their own calls). Invalid → 400, nothing written.
 */
export async function updateBooster(db: Db, shop: ShopRow, body: unknown): Promise<BoosterSettings> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed({ _: { key: 'validation.invalidBody' } });
  }
  const { collections: _ignored, ...patch } = body as Record<string, unknown>;
  const before = await getBoosterValues(db, shop.id);
  const merged = { ...before, ...patch };
  const result = validate(boosterSchema, merged);
  if (result.errors) throw validationFailed(result.errors);
  const values = normalizeBooster(result.value as BoosterValues);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('boosterSettings')
      .values({ shopId: shop.id, settings: JSON.stringify(values) })
      .onConflict((oc) => oc.column('shopId').doUpdateSet({ settings: JSON.stringify(values), updatedAt: new Date() }))
      .execute();
    await recordChange(db, shop.id, { kind: 'boosterChanged', before, after: values }, trx);
  });
  return { ...values, collections: await listCollections(db, shop) };
}
