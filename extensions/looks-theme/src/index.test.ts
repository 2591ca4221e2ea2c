/**
 * @jest-environment jsdom
 */

describe('startup', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = `<div id="target"></div>
<section class="sl-widget sl-t-inpage_r" data-sl-look="7"><script type="application/json" class="sl-config">{"lookId":7,"placement":"selector","selector":"#target","preview":true}</script>
<div class="sl-carousel"><button class="sl-prev">‹</button><div class="sl-track"></div><button class="sl-next">›</button></div></section>`;
  });
  afterEach(() => jest.useRealTimers());

  it('places the widget at once, wires it after the next frame (the page paints first)', async () => {
    await jest.isolateModulesAsync(async () => {
      await import('./index');
    });
    const w = document.querySelector('.sl-widget')!;
    expect(w.previousElementSibling?.id).toBe('target');
    expect(w.hasAttribute('data-sl-ready')).toBe(false);
    jest.advanceTimersByTime(20);
    expect(w.hasAttribute('data-sl-ready')).toBe(true);
  });

  it('wires a page without frames (a hidden tab) by the timer, once', async () => {
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const setAttribute = jest.spyOn(Element.prototype, 'setAttribute');
    await jest.isolateModulesAsync(async () => {
      await import('./index');
    });
    const w = document.querySelector('.sl-widget')!;
    jest.advanceTimersByTime(99);
    expect(w.hasAttribute('data-sl-ready')).toBe(false);
    jest.advanceTimersByTime(1);
    expect(w.hasAttribute('data-sl-ready')).toBe(true);
    expect(setAttribute.mock.calls.filter(([name]) => name === 'data-sl-ready')).toHaveLength(1);
    raf.mockRestore();
    setAttribute.mockRestore();
  });
});
