import { baseApi } from '../../api/baseApi';
import type { ExtensionCheck } from '../../contracts/extensionCheck';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Is the storefront widget on in the published theme (or: this is the demo storefront)? */
    getExtensionCheck: build.query<ExtensionCheck, void>({
      query: () => '/shop/extensionCheck',
      // The theme changes outside the app: asked again whenever the dashboard opens.
      keepUnusedDataFor: 0,
      providesTags: ['Onboarding'],
    }),
  }),
});

export const { useGetExtensionCheckQuery } = dashboardApi;
