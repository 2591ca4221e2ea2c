import { createSlice } from '@reduxjs/toolkit';

/** Onboarding guide visibility (persisted under localStorage key `hide_onboarding`). */
export interface OnboardingUiState {
  hidden: boolean;
}

const initialState: OnboardingUiState = { hidden: false };

export const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState,
  reducers: {
    hideOnboarding: (state) => {
      state.hidden = true;
    },
    showOnboarding: (state) => {
      state.hidden = false;
    },
  },
  selectors: {
    selectIsOnboardingHidden: (state) => state.hidden,
  },
});

export const { hideOnboarding, showOnboarding } = onboardingSlice.actions;
export const { selectIsOnboardingHidden } = onboardingSlice.selectors;
