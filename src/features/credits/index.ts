// Public API of the credits feature (the gallery uses it).
export { CreditBalanceCard } from './CreditBalanceCard';
export { CreditPackagesCard } from './CreditPackagesCard';
export { PurchaseReturn } from './PurchaseReturn';
export { creditsApi, useGetCreditsQuery } from './creditsApi';
