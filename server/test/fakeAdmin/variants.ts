/** The gid of a stand-in product's first variant: its own `variantId`, else derived from the product id. */
export const fakeVariantId = (p: { id: string; variantId?: string }): string =>
  p.variantId ?? `gid://shopify/ProductVariant/${p.id.split('/').pop()}01`;
