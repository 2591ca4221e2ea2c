import { baseApi } from '../../api/baseApi';
import type { Onboarding } from '../../contracts/shop';

export const onboardingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOnboarding: build.query<Onboarding, void>({
      query: () => '/shop/onboarding',
      providesTags: ['Onboarding'],
    }),
  }),
});

export const { useGetOnboardingQuery } = onboardingApi;
