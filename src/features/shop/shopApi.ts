import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { invalidateOnSuccess } from '../../api/tags';
import type { ApiTokenResponse, ShopContext, ShopSettings } from '../../contracts/shop';

export const shopApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The current shop, loaded on start (SPEC §1). */
    getShopDetails: build.query<ShopContext, void>({
      query: () => routeRequest('GET /shop/details'),
      providesTags: ['Shop'],
    }),
    getShopSettings: build.query<ShopSettings, void>({
      query: () => routeRequest('GET /shop'),
      providesTags: ['Settings'],
    }),
    updateShopSettings: build.mutation<ShopSettings, Partial<ShopSettings>>({
      query: (body) => routeRequest('PATCH /shop', { body }),
      // The locale may change (UI language follows), and onboarding's "customize design" step.
      invalidatesTags: (_r, error) =>
        invalidateOnSuccess(error, ['Settings' as const, 'Shop' as const, 'Onboarding' as const]),
    }),
    createApiToken: build.mutation<ApiTokenResponse, void>({
      query: () => routeRequest('POST /shop/apiToken'),
    }),
  }),
});

export const {
  useGetShopDetailsQuery,
  useGetShopSettingsQuery,
  useUpdateShopSettingsMutation,
  useCreateApiTokenMutation,
} = shopApi;
