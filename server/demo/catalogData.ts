/** The demo store's catalog: 36 products (2 archived, 2 draft, 1 sold out), drawn by productImages.ts. */
export interface DemoProduct {
  handle: string;
  title: string;
  type: 'shirt' | 'dress' | 'pants' | 'shoes' | 'bag' | 'hat' | 'sunglasses' | 'watch' | 'jacket' | 'scarf';
  color: string;
  price: number;
  compareAtPrice?: number;
  status?: 'active' | 'draft' | 'archived';
  /** Every variant unavailable for sale: the storefront shows it sold out (issue 28 §4). */
  soldOut?: boolean;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  { handle: 'linen-shirt-sand', title: 'Linen Shirt — Sand', type: 'shirt', color: '#d8c3a5', price: 59 },
  { handle: 'linen-shirt-sky', title: 'Linen Shirt — Sky', type: 'shirt', color: '#8fb8de', price: 59 },
  {
    handle: 'oxford-shirt-white',
    title: 'Oxford Shirt — White',
    type: 'shirt',
    color: '#f2f2f2',
    price: 69,
    compareAtPrice: 89,
  },
  { handle: 'flannel-shirt-forest', title: 'Flannel Shirt — Forest', type: 'shirt', color: '#2f5d50', price: 74 },
  { handle: 'wrap-dress-coral', title: 'Wrap Dress — Coral', type: 'dress', color: '#f28c74', price: 119 },
  {
    handle: 'slip-dress-black',
    title: 'Slip Dress — Black',
    type: 'dress',
    color: '#222222',
    price: 129,
    compareAtPrice: 159,
  },
  { handle: 'sun-dress-lemon', title: 'Sun Dress — Lemon', type: 'dress', color: '#f4d35e', price: 99 },
  { handle: 'maxi-dress-sage', title: 'Maxi Dress — Sage', type: 'dress', color: '#9caf88', price: 139 },
  { handle: 'chino-pants-khaki', title: 'Chino Pants — Khaki', type: 'pants', color: '#c3a873', price: 79 },
  { handle: 'wide-jeans-indigo', title: 'Wide Jeans — Indigo', type: 'pants', color: '#33487a', price: 95 },
  {
    handle: 'pleated-trousers-stone',
    title: 'Pleated Trousers — Stone',
    type: 'pants',
    color: '#a39e93',
    price: 110,
    compareAtPrice: 140,
  },
  { handle: 'cargo-pants-olive', title: 'Cargo Pants — Olive', type: 'pants', color: '#6b7043', price: 85 },
  { handle: 'leather-loafers-cognac', title: 'Leather Loafers — Cognac', type: 'shoes', color: '#9a5b2e', price: 165 },
  { handle: 'canvas-sneakers-white', title: 'Canvas Sneakers — White', type: 'shoes', color: '#eeeeee', price: 75 },
  {
    handle: 'suede-boots-taupe',
    title: 'Suede Boots — Taupe',
    type: 'shoes',
    color: '#8b7d6b',
    price: 189,
    compareAtPrice: 229,
    soldOut: true,
  },
  { handle: 'strappy-sandals-gold', title: 'Strappy Sandals — Gold', type: 'shoes', color: '#d4af37', price: 89 },
  { handle: 'tote-bag-natural', title: 'Tote Bag — Natural', type: 'bag', color: '#e6d5b8', price: 45 },
  { handle: 'crossbody-bag-burgundy', title: 'Crossbody Bag — Burgundy', type: 'bag', color: '#7b2d3b', price: 129 },
  { handle: 'weekender-bag-navy', title: 'Weekender Bag — Navy', type: 'bag', color: '#1f2f4d', price: 179 },
  { handle: 'bucket-hat-cream', title: 'Bucket Hat — Cream', type: 'hat', color: '#f3e9d2', price: 35 },
  { handle: 'wool-fedora-charcoal', title: 'Wool Fedora — Charcoal', type: 'hat', color: '#3d3d3d', price: 79 },
  { handle: 'straw-hat-natural', title: 'Straw Hat — Natural', type: 'hat', color: '#d9c07a', price: 49 },
  {
    handle: 'round-sunglasses-tortoise',
    title: 'Round Sunglasses — Tortoise',
    type: 'sunglasses',
    color: '#7a4b22',
    price: 129,
  },
  {
    handle: 'aviator-sunglasses-gold',
    title: 'Aviator Sunglasses — Gold',
    type: 'sunglasses',
    color: '#c9a227',
    price: 149,
  },
  {
    handle: 'cat-eye-sunglasses-black',
    title: 'Cat-Eye Sunglasses — Black',
    type: 'sunglasses',
    color: '#1a1a1a',
    price: 119,
  },
  {
    handle: 'field-watch-steel',
    title: 'Field Watch — Steel',
    type: 'watch',
    color: '#9ea7ad',
    price: 249,
    compareAtPrice: 299,
  },
  { handle: 'dress-watch-rose', title: 'Dress Watch — Rose Gold', type: 'watch', color: '#c98b7b', price: 279 },
  { handle: 'denim-jacket-washed', title: 'Denim Jacket — Washed Blue', type: 'jacket', color: '#6a8caf', price: 139 },
  {
    handle: 'trench-coat-camel',
    title: 'Trench Coat — Camel',
    type: 'jacket',
    color: '#b8864b',
    price: 259,
    compareAtPrice: 320,
  },
  { handle: 'puffer-jacket-red', title: 'Puffer Jacket — Red', type: 'jacket', color: '#c0392b', price: 199 },
  { handle: 'silk-scarf-paisley', title: 'Silk Scarf — Paisley', type: 'scarf', color: '#8e44ad', price: 69 },
  { handle: 'cashmere-scarf-grey', title: 'Cashmere Scarf — Grey', type: 'scarf', color: '#95a5a6', price: 119 },
  {
    handle: 'linen-scarf-rust',
    title: 'Linen Scarf — Rust',
    type: 'scarf',
    color: '#b7410e',
    price: 39,
    status: 'draft',
  },
  {
    handle: 'fleece-vest-moss',
    title: 'Fleece Vest — Moss',
    type: 'jacket',
    color: '#5b6b3a',
    price: 89,
    status: 'draft',
  },
  {
    handle: 'old-logo-tee',
    title: 'Old Logo Tee (archived)',
    type: 'shirt',
    color: '#444444',
    price: 25,
    status: 'archived',
  },
  {
    handle: 'retired-canvas-bag',
    title: 'Retired Canvas Bag (archived)',
    type: 'bag',
    color: '#777777',
    price: 30,
    status: 'archived',
  },
];
