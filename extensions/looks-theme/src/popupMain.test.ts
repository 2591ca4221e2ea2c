/**
 * @jest-environment jsdom
 */

/** looks-popup.js: the popup dialog outside looks.js, wired once per widget however many copies of the script run. */
describe('looks-popup.js', () => {
  beforeEach(() => {
    document.body.innerHTML = `<div class="sl-widget sl-t-popup" data-sl-look="7"><script type="application/json" class="sl-config">{"lookId":7,"popup":{"event":"on_add_to_cart","button":true}}</script>
<button type="button" class="sl-popup-open">Shop the look</button>
<div class="sl-popup" hidden role="dialog"><div class="sl-popup-panel"><button type="button" class="sl-popup-close">×</button></div></div></div>`;
  });

  it('opens on its button, tells looks.js (sl-open on the panel) once per opening, and closes', async () => {
    for (let i = 0; i < 2; i++) {
      await jest.isolateModulesAsync(async () => {
        await import('./popupMain');
      });
    }
    const opened: EventTarget[] = [];
    document.querySelector('.sl-widget')!.addEventListener('sl-open', (e) => opened.push(e.target!));
    const popup = document.querySelector<HTMLElement>('.sl-popup')!;
    document.querySelector<HTMLElement>('.sl-popup-open')!.click();
    expect(popup.hidden).toBe(false);
    expect(opened).toEqual([document.querySelector('.sl-popup-panel')]);
    document.querySelector<HTMLElement>('.sl-popup-close')!.click();
    expect(popup.hidden).toBe(true);
    expect(document.querySelector('.sl-popup-open')!.getAttribute('aria-expanded')).toBe('false');
  });
});
