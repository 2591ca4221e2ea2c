import { MISSING_PLAN_ERROR_ID, planSelectErrorId } from './planErrors';

const err = (status: number | string, message?: string) => ({
  status,
  data: message === undefined ? undefined : { message },
});

describe('plan select error mapping (SPEC §8)', () => {
  it.each([
    [err(400, 'Already subscribed to this plan'), 'Billing.errors.alreadySubscribed'],
    [err(400, 'You already have an active lifetime plan'), 'Billing.errors.duplicateLifetime'],
    [err(409, 'Sorry, you already have an active lifetime plan.'), 'Billing.errors.duplicateLifetime'],
    [err(400, 'Invalid plan name'), 'Billing.errors.invalidPlan'],
    [err(404, 'No invoice found'), 'Billing.errors.contactSupport'],
    [err(400, 'Invalid discount code'), 'Billing.errors.selectingPlan'],
    [err(422), 'Billing.errors.selectingPlan'],
    [err(500, 'Already subscribed to this plan'), 'General.notifications.error'],
    [err(503), 'General.notifications.error'],
    [err('FETCH_ERROR'), 'General.notifications.error'],
  ])('%j → %s', (error, id) => {
    expect(planSelectErrorId(error)).toBe(id);
  });

  it('a missing plan object is an error selecting the plan', () => {
    expect(MISSING_PLAN_ERROR_ID).toBe('Billing.errors.selectingPlan');
  });
});
