import type { Kysely } from 'kysely';
import { BILLING } from '../../../src/contracts/billing';

const round2 = (n: number) => Math.round(n * 100) / 100;

const PAID_FEATURES: Record<string, string> = {
  en: 'Shoppable images with product markers;Bundle discounts and cart booster;Revenue and order analytics;Priority support',
  de: 'Shoppable-Bilder mit Produkt-Markern;Bundle-Rabatte und Warenkorb-Booster;Umsatz- und Bestellanalysen;Bevorzugter Support',
  fr: 'Images shoppables avec repères produits;Réductions groupées et booster de panier;Analyses du chiffre d’affaires et des commandes;Support prioritaire',
  it: 'Immagini acquistabili con marcatori dei prodotti;Sconti bundle e booster del carrello;Analisi di ricavi e ordini;Supporto prioritario',
  es: 'Imágenes comprables con marcadores de productos;Descuentos de paquete y booster del carrito;Analíticas de ingresos y pedidos;Soporte prioritario',
};

const FREE_FEATURES: Record<string, string> = {
  en: 'Widget and popup layouts;Basic analytics;Email support',
  de: 'Widget- und Popup-Layouts;Einfache Analysen;E-Mail-Support',
  fr: 'Mises en page widget et fenêtre contextuelle;Analyses de base;Support par e-mail',
  it: 'Layout widget e popup;Analisi di base;Supporto via e-mail',
  es: 'Diseños de widget y ventana emergente;Analíticas básicas;Soporte por correo electrónico',
};

/** The plans the app offers (SPEC §9 prices: monthly 9.97, yearly 20% off twelve months, lifetime 199). */
export const PLAN_CATALOG = [
  {
    name: 'free',
    title: 'Free',
    price: 0,
    interval: null,
    trialDays: 0,
    usageLimit: BILLING.freeUsageLimit,
    featuredText: FREE_FEATURES,
    savingsPercentage: null,
    sortOrder: 0,
  },
  {
    name: 'monthly',
    title: 'Monthly',
    price: BILLING.monthlyPrice,
    interval: 'EVERY_30_DAYS',
    trialDays: BILLING.trialDays,
    usageLimit: null,
    featuredText: PAID_FEATURES,
    savingsPercentage: null,
    sortOrder: 1,
  },
  {
    name: 'yearly',
    title: 'Yearly',
    price: round2(BILLING.monthlyPrice * 12 * (1 - BILLING.yearlySavingsPercentage / 100)),
    interval: 'ANNUAL',
    trialDays: BILLING.trialDays,
    usageLimit: null,
    featuredText: PAID_FEATURES,
    savingsPercentage: BILLING.yearlySavingsPercentage,
    sortOrder: 2,
  },
  {
    name: 'lifetime',
    title: 'Lifetime',
    price: BILLING.lifetimePrice,
    interval: null,
    trialDays: 0,
    usageLimit: null,
    featuredText: PAID_FEATURES,
    savingsPercentage: null,
    sortOrder: 3,
  },
] as const;

/** Discount codes for the monthly plan. */
export const DISCOUNT_CODE_CATALOG = [
  { code: 'WELCOME20', percentage: 20 },
  { code: 'LOOKS50', percentage: 50 },
  { code: 'PARTNER10', percentage: 10 },
] as const;

/** Writes the catalog's feature texts over the stored plans' (a migration runs it when the texts change). */
export async function updatePlanFeatureTexts(db: Kysely<any>): Promise<void> {
  for (const plan of PLAN_CATALOG) {
    await db
      .updateTable('plans')
      .set({ featuredText: JSON.stringify(plan.featuredText) })
      .where('name', '=', plan.name)
      .execute();
  }
}

/** Inserts the plans and discount codes that are missing (idempotent). Runs in the billing migration. */
export async function seedBillingCatalog(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('plans')
    .values(
      PLAN_CATALOG.map((p) => ({ ...p, price: p.price.toFixed(2), featuredText: JSON.stringify(p.featuredText) })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await db
    .insertInto('discountCodes')
    .values(DISCOUNT_CODE_CATALOG.map((d) => ({ code: d.code, percentage: d.percentage.toFixed(2) })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
