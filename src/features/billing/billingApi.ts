import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { idTag, invalidateOnSuccess, listTag } from '../../api/tags';
import {
  BILLING,
  type BillingPlans,
  type DiscountCheck,
  type DowngradePreview,
  type DowngradeResult,
  type SelectPlanResponse,
} from '../../contracts/billing';
import type { Locale } from '../../contracts/api';

export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §9: kept 10 minutes; stale after 5 (see useBillingPlans). */
    getBillingPlans: build.query<BillingPlans, { locale: Locale }>({
      query: ({ locale }) => routeRequest('GET /shop/billing-plans', { query: { locale } }),
      keepUnusedDataFor: BILLING.plansKeepSeconds,
      providesTags: ['Billing'],
    }),
    getDowngradePreview: build.query<DowngradePreview, void>({
      query: () => routeRequest('GET /shop/downgrade/preview'),
      providesTags: ['Billing', listTag('Look')],
    }),
    selectPlan: build.mutation<SelectPlanResponse, { planName: string; discountCode?: string }>({
      query: (body) => routeRequest('POST /shop/select-plan', { body }),
    }),
    validateDiscount: build.mutation<DiscountCheck, { code: string }>({
      query: (body) => routeRequest('POST /discount/validate', { body }),
    }),
    downgrade: build.mutation<DowngradeResult, void>({
      query: () => ({
        ...routeRequest('POST /shop/downgrade', { query: { planName: 'free' } }),
        headers: { 'Content-Type': 'application/json' },
      }),
      // The plan, the shop's upgrade flag and the looks that went to draft all change.
      invalidatesTags: (result, error) =>
        invalidateOnSuccess(error, [
          'Billing' as const,
          'Shop' as const,
          'Stats' as const,
          'Onboarding' as const,
          listTag('Look'),
          ...(result?.deactivatedLooks ?? []).map((l) => idTag('Look', l.id)),
        ]),
    }),
  }),
});

export const {
  useGetBillingPlansQuery,
  useGetDowngradePreviewQuery,
  useSelectPlanMutation,
  useValidateDiscountMutation,
  useDowngradeMutation,
} = billingApi;
