import { baseApi } from '../../api/baseApi';
import type { Onboarding } from '../../contracts/shop';

export { useGetShopSettingsQuery, useUpdateShopSettingsMutation, useCreateApiTokenMutation } from '../shop';
export { useGetLayoutQuery } from '../layout';

const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** canUseCheckoutUIExtension decides whether the checkout setting shows. */
    getSettingsOnboarding: build.query<Onboarding, void>({
      query: () => '/shop/onboarding',
      providesTags: ['Onboarding'],
    }),
  }),
});

export const { useGetSettingsOnboardingQuery } = settingsApi;
