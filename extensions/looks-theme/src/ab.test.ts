/**
 * @jest-environment jsdom
 */
import { assignVariant } from '../../../src/contracts/assignVariant';
import { chosenVariant, showVariants, startVariants } from './ab';
import { flush, track } from './funnel';
import { readConfig } from './config';

const test = {
  id: 3,
  variants: [
    { id: 11, split: 50 },
    { id: 12, split: 50 },
  ],
};
/** The first `v-<n>` whom assignVariant puts in this variant of the test. */
const visitorIn = (variantId: number) => {
  for (let n = 0; ; n++) if (assignVariant(`v-${n}`, test.id, test.variants)?.id === variantId) return `v-${n}`;
};
const widget = (variant: number, hidden: boolean) =>
  `<section class="sl-widget" data-sl-look="7" data-sl-ab-variant="${variant}"${hidden ? ' hidden' : ''}><script type="application/json" class="sl-config">${JSON.stringify({ lookId: 7, abVariant: variant, experiment: test })}</script></section>`;
const shown = () =>
  [...document.querySelectorAll<HTMLElement>('.sl-widget')]
    .filter((w) => !w.hidden)
    .map((w) => w.getAttribute('data-sl-ab-variant'));

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('A/B tests on the storefront (looks-ab.js)', () => {
  let toggle: HTMLInputElement;
  const setConsent = (on: boolean) => {
    toggle.checked = on;
    toggle.dispatchEvent(new Event('change'));
  };

  beforeAll(() => {
    localStorage.clear();
    localStorage.setItem('sl_consent', '0');
    document.body.innerHTML = `<label><input type="checkbox" data-sl-consent> Allow analytics</label>${widget(11, false)}${widget(12, true)}`;
    toggle = document.querySelector('input')!;
  });

  it('assigns as the server checks it: the same visitor, the same variant; the control without a visitor', () => {
    expect(chosenVariant(test, null)).toBe(11);
    const b = visitorIn(12);
    expect(chosenVariant(test, b)).toBe(12);
    expect(chosenVariant(test, b)).toBe(assignVariant(b, 3, test.variants)!.id);
    expect(chosenVariant(test, visitorIn(11))).toBe(11);
  });

  it('without consent shows the control and creates no visitor id', () => {
    startVariants();
    expect(shown()).toEqual(['11']);
    expect(localStorage.getItem('sl_vid')).toBeNull();
  });

  it("with consent shows the visitor's variant (B), back to the control when consent is withdrawn", () => {
    localStorage.setItem('sl_vid', visitorIn(12));
    setConsent(true);
    expect(shown()).toEqual(['12']);
    setConsent(false);
    expect(shown()).toEqual(['11']);
    expect(localStorage.getItem('sl_vid')).toBeNull();
  });

  it('a new visitor with consent gets an id kept for the funnel, and the variant it gives', () => {
    setConsent(true);
    const id = localStorage.getItem('sl_vid')!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(shown()).toEqual([String(assignVariant(id, 3, test.variants)!.id)]);
    showVariants();
    expect(localStorage.getItem('sl_vid')).toBe(id);
  });

  it('starts once per page, however many looks include the script', () => {
    const before = document.documentElement.getAttribute('data-sl-ab');
    startVariants();
    expect(before).toBe('1');
  });

  it("tags the shown widget's funnel events with its variant", async () => {
    const beacons: Blob[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, blob: Blob) => beacons.push(blob) > 0,
    });
    // The funnel (looks.js) has its own consent state: on with the toggle, as on the demo storefront.
    const { initConsent } = await import('./consent');
    initConsent();
    const visible = [...document.querySelectorAll<HTMLElement>('.sl-widget')].find((w) => !w.hidden)!;
    const c = readConfig(visible);
    track(c, 'add_to_cart', 'gid://shopify/Product/1');
    track({ lookId: 8 }, 'impression');
    flush();
    const batch = JSON.parse(await readBlob(beacons[0]));
    expect(batch.visitorId).toBe(localStorage.getItem('sl_vid'));
    expect(batch.events.map((e: { lookId: number; variantId?: number }) => [e.lookId, e.variantId])).toEqual([
      [7, c.abVariant],
      [8, undefined],
    ]);
  });
});

describe('a visitor id without storage', () => {
  it('is shared on the page, so the variant shown and the events sent name the same visitor', async () => {
    const { visitorId, forgetVisitor } = await import('./visitor');
    const blocked = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    forgetVisitor();
    const id = visitorId();
    expect((window as unknown as { slVid?: string }).slVid).toBe(id);
    expect(visitorId()).toBe(id);
    blocked.mockRestore();
    jest.restoreAllMocks();
  });
});
