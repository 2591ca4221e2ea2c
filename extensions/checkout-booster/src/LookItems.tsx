/** @jsxImportSource preact */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Api } from '@shopify/ui-extensions/purchase.checkout.cart-line-list.render-after';
import { addLineChange, lookItemsToOffer, switchedOn, type LookItemOffer } from './offers';

/** The target's API: the `shopify` global of API version 2025-10 and later. */
const api = (): Api => (globalThis as unknown as { shopify: Api }).shopify;

/** Live price and availability of the offered variants in the buyer's market (Storefront API). */
export const VARIANTS_QUERY = `query LookItemVariants($ids: [ID!]!, $country: CountryCode) @inContext(country: $country) {
  nodes(ids: $ids) { ... on ProductVariant { id availableForSale price { amount currencyCode } } }
}`;

interface VariantNode {
  id: string;
  availableForSale: boolean;
  price: { amount: string; currencyCode: string };
}

type Live = Map<string, { available: boolean; price: string }>;

/** Reads the live variants; without them (no API access, an error) the items show without a price. */
function useLiveVariants(offers: LookItemOffer[]): Live | null {
  const ids = offers.map((o) => o.variantId).join(',');
  const [live, setLive] = useState<Live | null>(null);
  useEffect(() => {
    if (!ids) return;
    let current = true;
    const shopify = api();
    const country = shopify.localization?.country?.value?.isoCode;
    shopify
      .query<{ nodes: Array<VariantNode | null> }>(VARIANTS_QUERY, { variables: { ids: ids.split(','), country } })
      .then(({ data }) => {
        if (!current || !data?.nodes) return;
        const found: Live = new Map();
        for (const node of data.nodes) {
          if (!node?.id || !node.price) continue;
          const amount = Number(node.price.amount);
          const price = Number.isFinite(amount)
            ? shopify.i18n.formatCurrency(amount, { currency: node.price.currencyCode })
            : '';
          found.set(node.id, { available: node.availableForSale !== false, price });
        }
        setLive(found);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [ids]);
  return live;
}

/**
 * In the checkout editor (`shopify.extension.editor`) the block has no cart of looks to show: it says
 * what it does instead, and whether the app's switch is on, so the merchant sees it and where it goes.
 */
function EditorPlaceholder({ state }: { state: 'on' | 'off' | 'hidden' }) {
  const t = api().i18n.translate;
  return (
    <s-section heading={t('heading')}>
      <s-stack gap="base">
        <s-text>{t('editor.about')}</s-text>
        <s-text color="subdued">{t(`editor.${state}`)}</s-text>
      </s-stack>
    </s-section>
  );
}

/**
 * purchase.checkout.cart-line-list.render-after: "Complete the look" — the items of the cart's looks
 * that are not in the cart yet, each with an add button. Renders nothing unless the merchant switched
 * it on in the app (the shop's `$app` / `checkout`), when they switched this block off in the
 * checkout editor (setting `show_looks`), when the checkout cannot add lines, or when there is
 * nothing to add. In the checkout editor it shows a placeholder saying what it does.
 */
export function LookItems() {
  const shopify = api();
  const t = shopify.i18n.translate;
  const inEditor = shopify.extension?.editor?.type === 'checkout';
  const lines = shopify.lines.value;
  const entries = shopify.appMetafields.value;
  const enabled = switchedOn(entries) && shopify.settings.value.show_looks !== false;
  const canAdd = shopify.instructions?.value?.lines?.canAddCartLine !== false;
  const offers = useMemo(() => lookItemsToOffer(lines, entries), [lines, entries]);
  const live = useLiveVariants(enabled && canAdd && !inEditor ? offers : []);
  const [adding, setAdding] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  // A variant the live data says is sold out is not offered.
  const shown = offers.filter((o) => live?.get(o.variantId)?.available !== false);
  if (inEditor)
    return (
      <EditorPlaceholder
        state={shopify.settings.value.show_looks === false ? 'hidden' : switchedOn(entries) ? 'on' : 'off'}
      />
    );
  if (!enabled || !canAdd || shown.length === 0) return null;

  async function add(offer: LookItemOffer) {
    setAdding(offer.variantId);
    setFailed(null);
    try {
      const result = await shopify.applyCartLinesChange(addLineChange(offer));
      if (result.type === 'error') setFailed(offer.title);
    } catch {
      setFailed(offer.title);
    } finally {
      setAdding(null);
    }
  }

  return (
    <s-section heading={t('heading')}>
      <s-stack gap="base">
        {failed !== null && (
          <s-banner tone="critical" heading={t('errors.addFailed.heading')}>
            <s-text>{t('errors.addFailed.body', { title: failed })}</s-text>
          </s-banner>
        )}
        {shown.map((offer) => {
          const price = live?.get(offer.variantId)?.price;
          return (
            <s-grid key={offer.variantId} gridTemplateColumns="auto 1fr auto" gap="base" alignItems="center">
              <s-product-thumbnail src={offer.image ?? undefined} alt={offer.title} />
              <s-stack gap="none">
                <s-text>{offer.title}</s-text>
                {offer.lookTitle && <s-text color="subdued">{t('fromLook', { look: offer.lookTitle })}</s-text>}
                {price && <s-text type="strong">{price}</s-text>}
              </s-stack>
              <s-button
                variant="secondary"
                loading={adding === offer.variantId}
                disabled={adding !== null && adding !== offer.variantId}
                accessibilityLabel={t('addLabel', { title: offer.title })}
                onClick={() => void add(offer)}
              >
                {t('add')}
              </s-button>
            </s-grid>
          );
        })}
      </s-stack>
    </s-section>
  );
}
