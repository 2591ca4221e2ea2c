import type { ChargeRow } from './charges';
import { translate } from '../../i18n';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The standalone stand-in for the platform's charge approval page. */
export function renderConfirmationPage(
  charge: ChargeRow,
  shop: { domain: string; locale: string },
  token: string,
): string {
  const t = (key: string, values?: Record<string, string | number>) => escapeHtml(translate(shop.locale, key, values));
  const money = (n: number) =>
    new Intl.NumberFormat(shop.locale, { style: 'currency', currency: charge.currency }).format(n);
  const discount = charge.discountPercentage ? Number(charge.discountPercentage) : 0;
  // A discounted charge shows what is paid, with the list price crossed out.
  const price = discount
    ? `${escapeHtml(money(Math.round(Number(charge.amount) * (100 - discount)) / 100))} <s class="muted">${escapeHtml(money(Number(charge.amount)))}</s>`
    : escapeHtml(money(Number(charge.amount)));
  const period =
    charge.interval === 'ANNUAL'
      ? t('Charges.perYear')
      : charge.interval === 'EVERY_30_DAYS'
        ? t('Charges.per30Days')
        : t('Charges.oneTime');
  const decided = charge.status !== 'pending';
  return `<!doctype html>
<html lang="${escapeHtml(shop.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('Charges.title')}</title>
<style>
body{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;background:#f1f1f1;margin:0;color:#303030}
main{max-width:520px;margin:64px auto;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.15);padding:32px}
h1{font-size:20px;margin:0 0 4px}p{margin:8px 0;line-height:1.5}.muted{color:#616161;font-size:14px}
.price{font-size:28px;font-weight:650;margin:16px 0 4px}.row{display:flex;gap:12px;margin-top:24px}
button{flex:1;font-size:15px;padding:12px;border-radius:8px;border:1px solid #c9c9c9;background:#fff;cursor:pointer}
button.primary{background:#303030;color:#fff;border-color:#303030}.badge{display:inline-block;padding:2px 8px;border-radius:8px;background:#e3e3e3;font-size:13px}
</style></head><body><main>
<p class="muted">${t('Charges.platformNote', { shop: shop.domain })}</p>
<h1>${t('Charges.heading', { name: charge.name })}</h1>
<p class="price">${price} <span class="muted">${period}</span></p>
${charge.trialDays > 0 ? `<p>${t('Charges.trial', { days: charge.trialDays })}</p>` : ''}
${charge.discountPercentage ? `<p>${t('Charges.discount', { percentage: Number(charge.discountPercentage) })}</p>` : ''}
${
  decided
    ? `<p><span class="badge">${t(`Charges.status.${charge.status}`)}</span></p>`
    : `<form method="post" action="/charges/${charge.id}/decide"><input type="hidden" name="token" value="${escapeHtml(token)}">
<div class="row"><button type="submit" name="decision" value="decline">${t('Charges.decline')}</button>
<button type="submit" name="decision" value="approve" class="primary">${t('Charges.approve')}</button></div></form>`
}
</main></body></html>`;
}
