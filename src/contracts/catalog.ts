/** A product of the shop's catalog as the product picker returns it. */
export interface CatalogProduct {
  id: string;
  handle: string;
  title: string;
  price: number;
  compareAtPrice: number | null;
  images: string[];
  status: 'active' | 'draft' | 'archived';
  productType: string;
}

/** What a host's product picker hands back (App Bridge resourcePicker or the standalone picker). */
export interface PickedProduct {
  id: string;
  title: string;
  handle?: string;
  images: { originalSrc: string; altText?: string }[];
}
