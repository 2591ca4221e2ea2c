import type { Db } from '../../db';

/**
 * Told after a committed change that may change a shop's look bundle discounts: a look with an
 * enabled discount (before or after the change) created, edited, activated, deactivated or deleted.
 * In APP_MODE=shopify server/platform/discounts listens and writes the shop's automatic app
 * discount; standalone nothing listens. Services never import the platform: it registers here
 * (per database, so two apps in one process, as in tests, do not hear each other).
 */
export interface LookDiscountListener {
  lookDiscountsChanged(shopId: number): void;
}

const listeners = new WeakMap<Db, LookDiscountListener>();

/** Registers the listener of this database; returns the unregister function. */
export function listenToLookDiscounts(db: Db, listener: LookDiscountListener): () => void {
  listeners.set(db, listener);
  return () => {
    if (listeners.get(db) === listener) listeners.delete(db);
  };
}

/** Tells the listener (if any). Never throws and never waits: the look's save is done. */
export function lookDiscountsChanged(db: Db, shopId: number): void {
  try {
    listeners.get(db)?.lookDiscountsChanged(shopId);
  } catch {
    // A listener's failure is its own (it logs); the look was saved.
  }
}
