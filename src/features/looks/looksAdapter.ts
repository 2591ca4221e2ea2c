import { createEntityAdapter } from '@reduxjs/toolkit';
import type { LookListItem } from '../../contracts/looks';

/** Looks of the list, normalised by id; the order stays the server's (newest first). */
export const looksAdapter = createEntityAdapter<LookListItem, number>({ selectId: (look) => look.id });
