/** Cache tag types of the one API (SPEC §7 domains). */
export const TAG_TYPES = [
  'Look',
  'Stats',
  'Order',
  'Shop',
  'Settings',
  'Onboarding',
  'Billing',
  'Booster',
  'Collection',
  'Layout',
  'Generation',
  'Credits',
  'CreditPackage',
  'Experiment',
  'Reconciliation',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const LIST_ID = 'LIST';

export const idTag = <T extends TagType>(type: T, id: string | number) => ({ type, id: String(id) }) as const;
export const listTag = <T extends TagType>(type: T) => ({ type, id: LIST_ID }) as const;

/** Invalidate only when the mutation succeeded (a failed save keeps the cache). */
export function invalidateOnSuccess<T>(error: unknown, tags: T[]): T[] {
  return error ? [] : tags;
}
