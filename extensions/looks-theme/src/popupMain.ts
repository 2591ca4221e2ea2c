/**
 * Entry of assets/looks-popup.js: the popup template's dialog (popup.ts), loaded by the sl-look snippet
 * only next to a popup widget, so looks.js carries no popup code. Each popup widget is wired once (the
 * script tag comes with every popup widget); opening it tells looks.js (`sl-open` on the panel, which
 * counts the impression), whichever of the two scripts runs first.
 */
import { readConfig } from './config';
import { $$, on } from './dom';
import { wirePopup } from './popup';

export const POPUP_OPEN_EVENT = 'sl-open';

function start(): void {
  $$(document, '.sl-widget').forEach((w) => {
    if (!$$(w, '.sl-popup').length || w.hasAttribute('data-sl-popup')) return;
    w.setAttribute('data-sl-popup', '1');
    wirePopup(w, readConfig(w), (panel) => panel.dispatchEvent(new CustomEvent(POPUP_OPEN_EVENT, { bubbles: true })));
  });
}

if (document.readyState === 'loading') on(document, 'DOMContentLoaded', start);
else start();
