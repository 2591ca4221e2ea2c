import { baseApi } from '../../api/baseApi';
import { invalidateOnSuccess } from '../../api/tags';
import type { ClaimFreeResponse, CreditPackage, Credits, PurchaseResponse, VerifyPurchaseResponse } from '../../contracts/credits';

export const creditsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Balance: kept 5 minutes, always stale (refetched on every mount). */
    getCredits: build.query<Credits, void>({
      query: () => '/credits',
      keepUnusedDataFor: 300,
      providesTags: ['Credits'],
    }),
    /** Packages: stale after 5 minutes. */
    getCreditPackages: build.query<CreditPackage[], void>({
      query: () => '/credits/packages',
      keepUnusedDataFor: 300,
      providesTags: ['CreditPackage'],
    }),
    purchaseCredits: build.mutation<PurchaseResponse, number>({
      query: (packageId) => ({ url: `/credits/purchase/${packageId}`, method: 'POST' }),
    }),
    verifyPurchase: build.mutation<VerifyPurchaseResponse, { packageId: string; chargeId: string }>({
      query: ({ packageId, chargeId }) => ({
        url: `/credits/verify/${encodeURIComponent(packageId)}/${encodeURIComponent(chargeId)}`,
        method: 'POST',
      }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, ['Credits' as const]),
    }),
    claimFreeCredits: build.mutation<ClaimFreeResponse, void>({
      query: () => ({ url: '/credits/claim-free', method: 'POST' }),
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
