/** The navigation menu (SPEC §2), in order. */
export const NAV_ITEMS = [
  { url: '/', labelId: 'Navigation.dashboard', exact: true },
  { url: '/looks', labelId: 'Navigation.looks' },
  { url: '/layout', labelId: 'Navigation.layout' },
  { url: '/booster', labelId: 'Navigation.booster' },
  { url: '/analytics', labelId: 'Navigation.analytics' },
  { url: '/billing/plans', labelId: 'Navigation.billing' },
  { url: '/settings', labelId: 'Navigation.settings' },
] as const;

/** Hidden on /billing/plans when onboarding=1 or selectPlans=1 is in the query. */
export function isNavigationHidden(pathname: string, search: string): boolean {
  if (pathname.replace(/\/+$/, '') !== '/billing/plans') return false;
  const params = new URLSearchParams(search);
  return params.get('onboarding') === '1' || params.get('selectPlans') === '1';
}

export function isNavItemSelected(item: { url: string; exact?: boolean }, pathname: string): boolean {
  if ('exact' in item && item.exact) return pathname === item.url;
  if (item.url === '/billing/plans') return pathname.startsWith('/billing');
  if (item.url === '/layout') return pathname === '/layout' || pathname === '/layoutLegacy';
  return pathname === item.url || pathname.startsWith(`${item.url}/`);
}
