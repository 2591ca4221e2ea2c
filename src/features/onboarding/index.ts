// Public API of the onboarding feature.
export { SetupGuide } from './SetupGuide';
export { ExtensionCheckCard } from './ExtensionCheckCard';
export { useGetOnboardingQuery } from './onboardingApi';
export { hideOnboarding, showOnboarding, selectIsOnboardingHidden } from './onboardingSlice';
export { onboardingSteps, onboardingProgress } from './onboardingSteps';
