import type { LookDetailResponse, LookFormValues } from '../../contracts/looks';
import { looksAdapter, type LooksPage } from './looksAdapter';

/** The flags a merchant flips from the list without opening the form. */
export type LookFlags = Partial<Pick<LookFormValues, 'active' | 'featured'>>;

// Recipes for the optimistic updates of looksApi (applied to cached entries with immer drafts).

/** A list page shows the new flags (its items carry `active` only). */
export function setFlagsOnPage(page: LooksPage, id: number, flags: LookFlags) {
  const item = page.entities[id];
  if (item && flags.active !== undefined) item.active = flags.active;
}

/** The look itself (edit form, gallery) shows the new flags. */
export function setFlagsOnLook(detail: LookDetailResponse, flags: LookFlags) {
  Object.assign(detail.look, flags);
}

/** A list page without the look, one look fewer in total. */
export function removeFromPage(page: LooksPage, id: number) {
  if (!page.entities[id]) return;
  looksAdapter.removeOne(page, id);
  page.paginationDetails.totalItems = Math.max(0, page.paginationDetails.totalItems - 1);
}
