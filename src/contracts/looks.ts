/** Look entities (SPEC §3). The yup schema of the look form lives here too (issue 3). */
export interface LookMainProduct {
  itemId: string;
  title: string;
  image: string;
  selectedMainImage?: string | null;
  productImages?: string[];
}

export interface LookRelatedItem {
  itemId: string;
  title: string;
  image: string;
  order: number;
  type: 'product';
  markerX: number;
  markerY: number;
}

export interface LookMedia {
  id: number;
  url: string;
}

export interface LookDiscount {
  enabled: boolean;
  label: string;
  type: 'fixed' | 'percentage';
  value: number;
  discountText: string;
}
