/**
 * A/B tests on the storefront (theme app extension asset looks-ab.js, loaded by the sl-ab snippet only
 * next to a look with a running test). The blocks render one widget per variant, only the control
 * visible; this shows the visitor's variant instead, assigned by visitor id exactly as the server checks
 * it (src/contracts/assignVariant.ts). Without consent there is no visitor id: the control, and looks.js
 * sends no events. looks.js wires every variant's widget and tags its events with the widget's variant.
 */
import { assignVariant } from '../../../src/contracts/assignVariant';
import { readConfig } from './config';
import { consentAllowed, initConsent, onConsent } from './consent';
import { $$, attr } from './dom';
import { visitorId } from './visitor';

/** The variant id a widget of a test should show: the visitor's with consent, else the control (the first). */
export function chosenVariant(
  experiment: { id: number; variants: { id: number; split: number }[] },
  visitor: string | null,
): number | null {
  const variant = visitor ? assignVariant(visitor, experiment.id, experiment.variants) : experiment.variants[0];
  return variant ? variant.id : null;
}

/** Shows each test's widget of the visitor's variant and hides the others. */
export function showVariants(): void {
  const visitor = consentAllowed() ? visitorId() : null;
  $$(document, '.sl-widget[data-sl-ab-variant]').forEach((w) => {
    const c = readConfig(w);
    if (!c.experiment || !c.experiment.variants) return;
    w.hidden = String(chosenVariant(c.experiment, visitor)) !== attr(w, 'data-sl-ab-variant');
  });
}

/** Once per page (every look with a test includes the script): now, and again whenever consent changes. */
export function startVariants(): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-sl-ab')) return;
  root.setAttribute('data-sl-ab', '1');
  onConsent(() => showVariants());
  initConsent();
  showVariants();
}
