import type { Locale } from '../contracts/api';
import { baseApi } from '../api/baseApi';
import type { AppStore, RootState } from '../app/store';
import type { FirstScreenData, FirstScreenEntry } from './firstScreen';

/** What the server's render was made of: its answered calls, and its language. */
export function firstScreenData(state: RootState, locale: Locale): FirstScreenData {
  const entries: FirstScreenEntry[] = [];
  for (const entry of Object.values(state[baseApi.reducerPath].queries)) {
    if (entry?.status === 'fulfilled')
      entries.push({ endpointName: entry.endpointName, arg: entry.originalArgs, value: entry.data });
  }
  return { locale, entries };
}

/**
 * Puts the server's answers into the browser's cache, as if the browser had
 * asked (tags included), for the endpoints known so far; returns the rest.
 * A page's endpoints are injected when its chunk runs: the boot calls this
 * once on creating the store (the shop) and again once the page's chunk is
 * there, before hydrating.
 */
export function upsertFirstScreen(store: AppStore, data: FirstScreenData): FirstScreenData {
  const known = data.entries.filter((entry) => Object.hasOwn(baseApi.endpoints, entry.endpointName));
  // The entries' endpoint names are checked above; their shapes are the server's own answers.
  if (known.length)
    store.dispatch(baseApi.util.upsertQueryEntries(known as Parameters<typeof baseApi.util.upsertQueryEntries>[0]));
  return { ...data, entries: data.entries.filter((entry) => !known.includes(entry)) };
}
