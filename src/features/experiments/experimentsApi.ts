import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { idTag, invalidateOnSuccess, listTag } from '../../api/tags';
import type {
  Experiment,
  ExperimentCreateInput,
  ExperimentList,
  ExperimentUpdateInput,
} from '../../contracts/experiments';

/** A/B tests of looks (issue 16). Results move with storefront traffic: a screen mounting again asks again after a minute. */
export const experimentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getExperiments: build.query<ExperimentList, { lookId?: number }>({
      query: ({ lookId }) => routeRequest('GET /experiments', { query: lookId ? { lookId } : {} }),
      providesTags: (result) => [listTag('Experiment'), ...(result ?? []).map((e) => idTag('Experiment', e.id))],
      keepUnusedDataFor: 60,
    }),
    createExperiment: build.mutation<Experiment, ExperimentCreateInput>({
      query: (body) => routeRequest('POST /experiments', { body }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, [listTag('Experiment')]),
    }),
    updateExperiment: build.mutation<Experiment, { id: number; body: ExperimentUpdateInput }>({
      query: ({ id, body }) => routeRequest('PATCH /experiments/:id', { params: { id }, body }),
      invalidatesTags: (_r, error, { id }) =>
        invalidateOnSuccess(error, [listTag('Experiment'), idTag('Experiment', id)]),
    }),
    /** Applies a variant to the look (its image and template) and stops the test: the look changes too. */
    applyExperimentVariant: build.mutation<Experiment, { id: number; variantId: number; lookId: number }>({
      query: ({ id, variantId }) =>
        routeRequest('POST /experiments/:id/apply', { params: { id }, body: { variantId } }),
      invalidatesTags: (_r, error, { id, lookId }) =>
        invalidateOnSuccess(error, [
          listTag('Experiment'),
          idTag('Experiment', id),
          idTag('Look', lookId),
          listTag('Look'),
        ]),
    }),
  }),
});

export const {
  useGetExperimentsQuery,
  useCreateExperimentMutation,
  useUpdateExperimentMutation,
  useApplyExperimentVariantMutation,
} = experimentsApi;
