import type { SeedContext } from './index';

/** Plans and discount codes (issue 6). */
export async function seedBilling(_ctx: SeedContext): Promise<void> {}
