/**
 * Entry of assets/looks-offer.js: a look's mix-and-match offer (offer.ts), loaded by the sl-discount
 * snippet only next to a look with tiers, so looks.js (at its byte budget) carries none of it. Each
 * widget is wired once, however many copies of the script tag the page has.
 */
import { $$, on } from './dom';
import { wireOffer } from './offer';

function start(): void {
  $$(document, '.sl-widget').forEach(wireOffer);
}

if (document.readyState === 'loading') on(document, 'DOMContentLoaded', start);
else start();
