import type { SeedContext } from './index';

/** 60 days of demo orders, sent through the order webhook code path (issue 5). */
export async function seedOrders(_ctx: SeedContext): Promise<void> {}
