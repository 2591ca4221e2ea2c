import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import type { Onboarding } from '../../contracts/shop';

export const onboardingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOnboarding: build.query<Onboarding, void>({
      query: () => routeRequest('GET /shop/onboarding'),
      providesTags: ['Onboarding'],
    }),
  }),
});

export const { useGetOnboardingQuery } = onboardingApi;
