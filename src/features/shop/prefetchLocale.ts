import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ThunkExtra } from '../../api/baseQuery';
import type { Locale } from '../../contracts/api';
import { resolveLocale } from '../../i18n/locale';
import type { AppStore, RootState } from '../../app/store';
import { shopApi } from './shopApi';

/** The URL's interface language the store was made with (its calls' `locale`), read from the thunk's extra argument. */
const urlLocale =
  (): ThunkAction<Locale | undefined, RootState, ThunkExtra, UnknownAction> => (_dispatch, _getState, extra) =>
    extra.locale;

/**
 * The interface language a page will render in (App: the URL's, else the
 * shop's), for a page's prefetch (app/routes.tsx) whose call names it: the
 * shop is asked first (the boot's shop call, already running). Undefined when
 * the shop could not be loaded.
 */
export async function interfaceLocaleForPrefetch(store: AppStore): Promise<Locale | undefined> {
  const shop = store.dispatch(shopApi.endpoints.getShopDetails.initiate());
  try {
    const details = (await shop).data;
    return details ? resolveLocale(store.dispatch(urlLocale()), details.locale) : undefined;
  } finally {
    shop.unsubscribe();
  }
}
