import { shopApi } from '../shop';
import { selectAppliedDateRange } from '../../components/DateRangePicker/dateRangeSlice';
import { todayInTimeZone } from '../../components/DateRangePicker/dateRange';
import type { AppStore } from '../../app/store';

/**
 * The applied date range's days for a page's prefetch (app/routes.tsx): the
 * days are the shop's, so the shop's time zone is asked first (the boot's
 * shop call, already running). Undefined when the shop could not be loaded.
 */
export async function appliedPeriodForPrefetch(store: AppStore): Promise<{ since: string; until: string } | undefined> {
  const shop = store.dispatch(shopApi.endpoints.getShopDetails.initiate());
  let timeZone: string | undefined;
  try {
    timeZone = (await shop).data?.timezone;
  } finally {
    shop.unsubscribe();
  }
  if (!timeZone) return undefined;
  return selectAppliedDateRange(store.getState(), todayInTimeZone(timeZone)).period;
}
