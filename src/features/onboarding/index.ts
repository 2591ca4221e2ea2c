// Public API of the onboarding feature: its data (GET /shop/onboarding), the hide flag and the step rules.
// No UI here, so booster and settings can read the flags without loading the dashboard's setup guide.
export { onboardingApi, useGetOnboardingQuery } from './onboardingApi';
export { hideOnboarding, showOnboarding, selectIsOnboardingHidden } from './onboardingSlice';
export { onboardingSteps, onboardingProgress } from './onboardingSteps';
