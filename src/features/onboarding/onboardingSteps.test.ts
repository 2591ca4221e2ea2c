import { onboardingProgress, onboardingSteps } from './onboardingSteps';
import { hideOnboarding, onboardingSlice, selectIsOnboardingHidden, showOnboarding } from './onboardingSlice';
import type { Onboarding } from '../../contracts/shop';

const base: Onboarding = {
  createdLook: false,
  shopUpdated: false,
  appBlockInstalled: false,
  appBlockThemeSupported: true,
  scriptTagSupported: false,
  appThemeExtensionDeepLink: 'https://deep',
  setupGuideDisplay: true,
  onboarding: {
    themeExtensionSupported: true,
    appThemeExtensionCartDeepLink: 'https://cart',
    canUseCheckoutUIExtension: false,
  },
};

describe('onboarding progress', () => {
  it.each([
    [{}, 0, 0, false],
    [{ createdLook: true }, 1, 33, false],
    [{ createdLook: true, appBlockInstalled: true }, 2, 67, false],
    [{ createdLook: true, appBlockInstalled: true, shopUpdated: true }, 3, 100, true],
    [{ scriptTagSupported: true }, 1, 33, false],
  ])('%j → %i of 3', (over, completed, percent, isComplete) => {
    const p = onboardingProgress(onboardingSteps({ ...base, ...over }));
    expect(p).toEqual({ completed, total: 3, percent, isComplete });
  });

  it('step actions: create look, theme deep link or script tag path, layout', () => {
    expect(onboardingSteps(base).map((s) => [s.id, s.url, s.external])).toEqual([
      ['createLook', '/looks/new', false],
      ['enableExtension', 'https://deep', true],
      ['customizeDesign', '/layout', false],
    ]);
    expect(onboardingSteps({ ...base, scriptTagSupported: true })[1]).toMatchObject({
      url: '/settings',
      external: false,
    });
  });

  it('hiding and showing the guide', () => {
    let s = onboardingSlice.reducer(undefined, hideOnboarding());
    expect(selectIsOnboardingHidden({ onboarding: s })).toBe(true);
    s = onboardingSlice.reducer(s, showOnboarding());
    expect(selectIsOnboardingHidden({ onboarding: s })).toBe(false);
  });
});
