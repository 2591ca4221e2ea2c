import { render, screen } from '@testing-library/react';
import { NarrowScreenProbe } from '../test/narrowScreenProbe';
import { LG_DOWN_QUERY, requestIsNarrow, windowIsNarrow } from './narrowScreen';

const MOTO_G =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('requestIsNarrow (the server’s guess)', () => {
  it.each([
    ['a phone’s client hint', { 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP }, true],
    ['a desktop’s client hint', { 'sec-ch-ua-mobile': '?0', 'user-agent': DESKTOP }, false],
    ['an Android phone’s user agent', { 'user-agent': MOTO_G }, true],
    ['an iPhone’s user agent', { 'user-agent': IPHONE }, true],
    [
      'Firefox on a phone (“Mobile” without Android)',
      { 'user-agent': 'Mozilla/5.0 (Mobile; rv:109.0) Gecko/109.0 Firefox/115.0' },
      true,
    ],
    [
      'Opera Mini (“Mobi”)',
      {
        'user-agent':
          'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
      },
      true,
    ],
    ['an Android tablet’s user agent', { 'user-agent': TABLET }, false],
    ['a desktop’s user agent', { 'user-agent': DESKTOP }, false],
    ['no headers at all', {}, false],
  ])('%s', (_name, headers, narrow) => {
    expect(requestIsNarrow(headers)).toBe(narrow);
  });
});

describe('useLgDown', () => {
  it('follows the window once mounted, whatever the guess', () => {
    const original = window.matchMedia;
    // Polaris asks `lgDown` in em (64.9975em = 1039.96px).
    const narrowQueries = [LG_DOWN_QUERY, '(max-width: 64.9975em)'];
    window.matchMedia = ((query: string) => ({
      matches: narrowQueries.includes(query),
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    })) as unknown as typeof window.matchMedia;
    try {
      expect(windowIsNarrow(window)).toBe(true);
      render(<NarrowScreenProbe guess={false} />);
      expect(screen.getByText('phone layout')).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
