import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { listTag } from '../../api/tags';
import type { ExtensionCheck } from '../../contracts/extensionCheck';
import type { SoldOutLooksResponse } from '../../contracts/looks';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Is the storefront widget on in the published theme (or: this is the demo storefront)? */
    getExtensionCheck: build.query<ExtensionCheck, void>({
      query: () => routeRequest('GET /shop/extensionCheck'),
      // The theme changes outside the app: asked again whenever the dashboard opens.
      keepUnusedDataFor: 0,
      // The demo answer links to a product page with an active look: look changes refresh it; a layout or
      // settings save does not change it.
      providesTags: [listTag('Look')],
    }),
    /** The looks with sold-out items (their stock changes outside the app: asked again when the dashboard opens). */
    getSoldOutLooks: build.query<SoldOutLooksResponse, void>({
      query: () => routeRequest('GET /productLooks/soldOut'),
      keepUnusedDataFor: 0,
      // A look edit (an alternative chosen, an item removed) changes the list.
      providesTags: [listTag('Look')],
    }),
  }),
});

export const { useGetExtensionCheckQuery, useGetSoldOutLooksQuery } = dashboardApi;
