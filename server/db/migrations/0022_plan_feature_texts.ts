import type { Kysely } from 'kysely';
import { updatePlanFeatureTexts } from '../reference/billingCatalog';

/**
 * The plans' feature lists in the words the rest of the admin uses (fr « réduction » and
 * « fenêtre contextuelle », de « Popup », it « marcatori », es « booster »): 0005 inserted them only
 * where missing, so shops created before keep the old texts without this.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await updatePlanFeatureTexts(db);
}

export async function down(): Promise<void> {
  // The texts are not restored: the previous wording was a translation mistake.
}
