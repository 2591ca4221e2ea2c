import { isNavItemSelected, isNavigationHidden, NAV_ITEMS } from './navigationItems';

describe('navigation menu', () => {
  it('lists the SPEC items in order', () => {
    expect(NAV_ITEMS.map((i) => i.url)).toEqual([
      '/',
      '/looks',
      '/layout',
      '/booster',
      '/analytics',
      '/billing/plans',
      '/settings',
    ]);
  });

  it.each([
    ['/billing/plans', '?onboarding=1', true],
    ['/billing/plans', '?selectPlans=1', true],
    ['/billing/plans', '?period=yearly&selectPlans=1', true],
    ['/billing/plans', '', false],
    ['/billing/plans', '?onboarding=0', false],
    ['/looks', '?onboarding=1', false],
    ['/billing/downgrade', '?selectPlans=1', false],
  ])('%s%s hidden=%s', (path, search, hidden) => {
    expect(isNavigationHidden(path, search)).toBe(hidden);
  });

  it('selects the matching section', () => {
    const looks = NAV_ITEMS[1];
    expect(isNavItemSelected(looks, '/looks/edit/3')).toBe(true);
    expect(isNavItemSelected(NAV_ITEMS[0], '/looks')).toBe(false);
    expect(isNavItemSelected(NAV_ITEMS[5], '/billing/downgrade')).toBe(true);
  });
});
