import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { invalidateOnSuccess } from '../../api/tags';
import type { LayoutSettings } from '../../contracts/layout';

export const layoutApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /layout: saved layout settings, SPEC defaults when nothing is saved. */
    getLayout: build.query<LayoutSettings, void>({
      query: () => routeRequest('GET /layout'),
      providesTags: ['Layout'],
    }),
    updateLayout: build.mutation<LayoutSettings, LayoutSettings>({
      query: (body) => routeRequest('PATCH /layout', { body }),
      // Saving the layout completes onboarding's "customize design" step.
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, ['Layout' as const, 'Onboarding' as const]),
    }),
    /** POST /layout/preview: the widget HTML for unsaved settings and a sample look. */
    previewLayout: build.mutation<string, LayoutSettings>({
      query: (body) => ({ ...routeRequest('POST /layout/preview', { body }), responseHandler: 'text' }),
    }),
  }),
});

export const { useGetLayoutQuery, useUpdateLayoutMutation, usePreviewLayoutMutation } = layoutApi;
