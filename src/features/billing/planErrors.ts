import { errorMessage, errorStatus } from '../../api/errors';
import { PLAN_ERRORS } from '../../contracts/billing';

/**
 * SPEC §8 plan select errors → translation ids: 4xx by the server's message,
 * other 4xx → error selecting plan, 5xx (and network failures) → general error.
 */
export function planSelectErrorId(error: unknown): string {
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) {
    const message = errorMessage(error) ?? '';
    if (message === PLAN_ERRORS.alreadySubscribed) return 'Billing.errors.alreadySubscribed';
    if (message.includes('already have an active lifetime plan')) return 'Billing.errors.duplicateLifetime';
    if (message === PLAN_ERRORS.invalidPlan) return 'Billing.errors.invalidPlan';
    if (message === PLAN_ERRORS.noInvoice) return 'Billing.errors.contactSupport';
    return 'Billing.errors.selectingPlan';
  }
  return 'General.notifications.error';
}

/** A select attempt for a plan the data does not hold. */
export const MISSING_PLAN_ERROR_ID = 'Billing.errors.selectingPlan';
