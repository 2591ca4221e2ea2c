import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { PaginationDetails } from '../../contracts/api';
import type { LookListItem } from '../../contracts/looks';

/** Looks of the list, normalised by id; the order stays the server's (newest first). */
export const looksAdapter = createEntityAdapter<LookListItem, number>({ selectId: (look) => look.id });

/** A page of looks, normalised by the entity adapter (ids in server order). */
export interface LooksPage extends EntityState<LookListItem, number> {
  paginationDetails: PaginationDetails;
}
