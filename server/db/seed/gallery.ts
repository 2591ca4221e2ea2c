import type { SeedContext } from './index';

/** Credit packages and demo generations (issue 7). */
export async function seedGallery(_ctx: SeedContext): Promise<void> {}
