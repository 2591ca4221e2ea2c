import { baseApi } from '../../api/baseApi';
import { invalidateOnSuccess } from '../../api/tags';
import type { ApiTokenResponse, ShopContext, ShopSettings } from '../../contracts/shop';

export const shopApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The current shop, loaded on start (SPEC §1). */
    getShopDetails: build.query<ShopContext, void>({
      query: () => '/shop/details',
      providesTags: ['Shop'],
    }),
    getShopSettings: build.query<ShopSettings, void>({
      query: () => '/shop',
      providesTags: ['Settings'],
    }),
    updateShopSettings: build.mutation<ShopSettings, Partial<ShopSettings>>({
      query: (body) => ({ url: '/shop', method: 'PATCH', body }),
      // The locale may change (UI language follows), and onboarding's "customize design" step.
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, ['Settings' as const, 'Shop' as const, 'Onboarding' as const]),
    }),
    createApiToken: build.mutation<ApiTokenResponse, void>({
      query: () => ({ url: '/shop/apiToken', method: 'POST' }),
    }),
  }),
});

export const {
  useGetShopDetailsQuery,
  useGetShopSettingsQuery,
  useUpdateShopSettingsMutation,
  useCreateApiTokenMutation,
} = shopApi;
