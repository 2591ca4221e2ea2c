/** Where merchants get help (get-in-touch card, documentation block). */
export const SUPPORT_EMAIL = 'support@shoppablelooks.app';
export const SUPPORT_CHAT_URL = 'https://shoppablelooks.app/support/chat';
export const DOCS_URL = 'https://shoppablelooks.app/docs';

export const DOC_ARTICLES = [
  { id: 'firstLook', url: `${DOCS_URL}/create-your-first-look` },
  { id: 'placement', url: `${DOCS_URL}/place-the-widget` },
  { id: 'design', url: `${DOCS_URL}/customize-the-design` },
  { id: 'booster', url: `${DOCS_URL}/bundle-discounts` },
  { id: 'analytics', url: `${DOCS_URL}/analytics` },
] as const;

/** Feature flags of the dashboard. The announcement card is off until there is something to announce. */
export const DASHBOARD_FLAGS = {
  featureAnnouncement: false,
};
