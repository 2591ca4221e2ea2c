import type { Onboarding } from '../../contracts/shop';

export type OnboardingStepId = 'createLook' | 'enableExtension' | 'customizeDesign';

export interface OnboardingStep {
  id: OnboardingStepId;
  done: boolean;
  /** In-app path or external URL of the step's action. */
  url: string;
  external: boolean;
}

export const ONBOARDING_STEP_COUNT = 3;

/** The three steps of SPEC §4; the extension step is the theme app block, or the script tag path when supported. */
export function onboardingSteps(o: Onboarding): OnboardingStep[] {
  return [
    { id: 'createLook', done: o.createdLook, url: '/looks/new', external: false },
    o.scriptTagSupported
      ? { id: 'enableExtension', done: true, url: '/settings', external: false }
      : { id: 'enableExtension', done: o.appBlockInstalled, url: o.appThemeExtensionDeepLink, external: true },
    { id: 'customizeDesign', done: o.shopUpdated, url: '/layout', external: false },
  ];
}

export interface OnboardingProgress {
  completed: number;
  total: number;
  /** 0–100 for the progress bar. */
  percent: number;
  /** All three done: the guide shows its completion state. */
  isComplete: boolean;
}

/** progress = completed / 3 */
export function onboardingProgress(steps: OnboardingStep[]): OnboardingProgress {
  const completed = steps.filter((s) => s.done).length;
  return {
    completed,
    total: ONBOARDING_STEP_COUNT,
    percent: Math.round((completed / ONBOARDING_STEP_COUNT) * 100),
    isComplete: completed === ONBOARDING_STEP_COUNT,
  };
}
