import { funnelLook } from '../../test/fixtures';
import { bestAndWorst, csvField, funnelCsv, funnelRow, sortFunnelRows } from './funnel';

const looks = [
  funnelLook(
    1,
    'Summer',
    { impressions: 100, clicks: 20, addToCarts: 5, orders: 2, revenue: 120 },
    { impressions: 50, clicks: 5, addToCarts: 1, orders: 1, revenue: 30.5 },
  ),
  funnelLook(2, 'Evening', { impressions: 10, clicks: 1, addToCarts: 1, orders: 1, revenue: 200 }),
  funnelLook(3, '=cmd|"x"', {}),
];

describe('funnel rows', () => {
  it('rates per step, for all devices or one; no impressions is no rate', () => {
    expect(funnelRow(looks[0], 'all')).toMatchObject({
      impressions: 150,
      clicks: 25,
      clickRate: 25 / 150,
      addToCartRate: 6 / 25,
      conversion: 3 / 150,
      revenue: 150.5,
    });
    expect(funnelRow(looks[0], 'desktop')).toMatchObject({ impressions: 50, clickRate: 0.1, conversion: 1 / 50 });
    expect(funnelRow(looks[2], 'all')).toMatchObject({ clickRate: null, addToCartRate: null, conversion: null });
  });

  it('sorts by any column both ways; looks without a rate stay last', () => {
    const rows = looks.map((l) => funnelRow(l, 'all'));
    expect(sortFunnelRows(rows, 'revenue', 'descending').map((r) => r.lookId)).toEqual([2, 1, 3]);
    expect(sortFunnelRows(rows, 'impressions', 'ascending').map((r) => r.lookId)).toEqual([3, 2, 1]);
    expect(sortFunnelRows(rows, 'conversion', 'descending').map((r) => r.lookId)).toEqual([2, 1, 3]);
    expect(sortFunnelRows(rows, 'conversion', 'ascending').map((r) => r.lookId)).toEqual([1, 2, 3]);
    expect(sortFunnelRows(rows, 'title', 'ascending').map((r) => r.lookId)).toEqual([3, 2, 1]);
  });

  it('best and worst look of the period among looks that were seen', () => {
    expect(bestAndWorst(looks)).toMatchObject({ best: { lookId: 2 }, worst: { lookId: 1 } });
    expect(bestAndWorst([looks[0], looks[2]])).toMatchObject({ best: { lookId: 1 }, worst: null });
    expect(bestAndWorst([looks[2]])).toBeNull();
  });
});

describe('funnel CSV', () => {
  const labels = {
    look: 'Look',
    lookId: 'Look ID',
    device: 'Device',
    devices: { all: 'All devices', mobile: 'Mobile', desktop: 'Desktop' },
    impressions: 'Impressions',
    clicks: 'Clicks',
    addToCarts: 'Add to cart',
    orders: 'Orders',
    revenue: 'Revenue',
    clickRate: 'Click rate',
    addToCartRate: 'Add-to-cart rate',
    conversion: 'Conversion',
  };

  it('a row per look and device, money with two decimals, rates as fractions, CRLF', () => {
    const csv = funnelCsv(looks.slice(0, 1), labels);
    expect(csv.split('\r\n')).toEqual([
      'Look ID,Look,Device,Impressions,Clicks,Add to cart,Orders,Revenue,Click rate,Add-to-cart rate,Conversion',
      '1,Summer,All devices,150,25,6,3,150.50,0.1667,0.24,0.02',
      '1,Summer,Mobile,100,20,5,2,120.00,0.2,0.25,0.02',
      '1,Summer,Desktop,50,5,1,1,30.50,0.1,0.2,0.02',
      '',
    ]);
  });

  it('quotes separators and quotes, and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=cmd|"x"')).toBe(`"'=cmd|""x"""`);
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(funnelCsv([looks[2]], labels).split('\r\n')[1]).toBe(`3,"'=cmd|""x""",All devices,0,0,0,0,0.00,,,`);
  });
});
