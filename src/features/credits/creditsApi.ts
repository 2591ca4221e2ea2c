import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { invalidateOnSuccess } from '../../api/tags';
import type {
  ClaimFreeResponse,
  CreditPackage,
  Credits,
  PurchaseResponse,
  VerifyPurchaseResponse,
} from '../../contracts/credits';

export const creditsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Balance: kept 5 minutes, always stale (refetched on every mount). */
    getCredits: build.query<Credits, void>({
      query: () => routeRequest('GET /credits'),
      keepUnusedDataFor: 300,
      providesTags: ['Credits'],
    }),
    /** Packages: stale after 5 minutes. */
    getCreditPackages: build.query<CreditPackage[], void>({
      query: () => routeRequest('GET /credits/packages'),
      keepUnusedDataFor: 300,
      providesTags: ['CreditPackage'],
    }),
    purchaseCredits: build.mutation<PurchaseResponse, number>({
      query: (packageId) => routeRequest('POST /credits/purchase/:packageId', { params: { packageId } }),
    }),
    verifyPurchase: build.mutation<VerifyPurchaseResponse, { packageId: string; chargeId: string }>({
      query: ({ packageId, chargeId }) =>
        routeRequest('POST /credits/verify/:packageId/:chargeId', { params: { packageId, chargeId } }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, ['Credits' as const]),
    }),
    claimFreeCredits: build.mutation<ClaimFreeResponse, void>({
      query: () => routeRequest('POST /credits/claim-free'),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, ['Credits' as const]),
    }),
  }),
});

export const {
  useGetCreditsQuery,
  useGetCreditPackagesQuery,
  usePurchaseCreditsMutation,
  useVerifyPurchaseMutation,
  useClaimFreeCreditsMutation,
} = creditsApi;
