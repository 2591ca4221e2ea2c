import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { yup } from '../../src/contracts/validation';
import { queryOrNotFound, stripUnknown, type YupTypeProvider } from '../http/validate';
import { adminRoute } from '../http/adminRoute';
import { getBillingPlans } from '../services/billing/plans';
import { validateDiscountCode } from '../services/billing/discounts';
import {
  BILLING_RETURN_PATH,
  confirmPlanCharge,
  downgrade,
  downgradePreview,
  selectPlan,
  type BillingDeps,
} from '../services/billing/billing';
import { platformBillingFor } from '../services/billing/platformBilling';
import { requestOrigin } from '../services/billing/returnUrls';
import { clientAddressKey, sharedRateLimitStore, tooManyRequests } from '../http/rateLimitStore';

/** Discount checks (right or wrong) per shop and minute; wrong ones are further limited by DISCOUNT_GUESS_LIMITS. */
export const DISCOUNT_CHECKS_PER_MINUTE = 20;

/** The input of the platform's return (the admin routes' input is in the route table, src/contracts/adminRoutes.schema.ts). */
const schemas = {
  /** The platform's return to the app: a malformed one names no charge (404). */
  // Inside the admin the return is loaded in the app's frame with the admin's parameters (host, embedded,
  // hmac, id_token, …): host and embedded are kept for the page it redirects to, the others dropped.
  returnQuery: stripUnknown(
    queryOrNotFound({
      shop: yup.string().max(255).default(''),
      charge_id: yup.string().max(40).default(''),
      host: yup.string().max(255).optional(),
      embedded: yup.string().max(8).optional(),
    }),
  ),
};

export default async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, config, now } = app.deps;
  const deps: BillingDeps = {
    db,
    config,
    now,
    platform: config.appMode === 'shopify' ? platformBillingFor(app.platform.admin) : undefined,
  };

  // POST /shop/downgrade is sent with the JSON content type and may have no body (this plugin only).
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('Body is not valid JSON'), { statusCode: 400, code: 'invalid_json' });
      done(error, undefined);
    }
  });

  adminRoute(app, 'GET /shop/billing-plans', async (req) => {
    const query = req.query;
    return getBillingPlans(db, req.shop.id, query.locale ?? req.shop.locale);
  });

  adminRoute(app, 'POST /shop/select-plan', async (req) => {
    const body = req.body;
    return selectPlan({ ...deps, origin: requestOrigin(req.protocol, req.host) }, req.shop, body, req.ip);
  });

  // Discount checks are rate-limited per shop (shared by all instances), and failed
  // guesses per shop, client address and overall (validateDiscountCode), so codes cannot be guessed in bulk.
  await app.register(async (scoped) => {
    await scoped.register(rateLimit, {
      max: DISCOUNT_CHECKS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (req) => (req.shop ? `shop:${req.shop.id}` : `ip:${clientAddressKey(req.ip)}`),
      store: sharedRateLimitStore(db, now, 'discount-check'),
      errorResponseBuilder: (_req, ctx) => tooManyRequests('Billing.discount.tooManyChecks', ctx.ttl),
    });
    adminRoute(scoped, 'POST /discount/validate', async (req) => {
      const body = req.body;
      return validateDiscountCode(db, body.code, { shopId: req.shop.id, ip: req.ip }, req.locale, now());
    });
  });

  adminRoute(app, 'GET /shop/downgrade/preview', async (req) => downgradePreview(db, req.shop.id));

  adminRoute(app, 'POST /shop/downgrade', async (req) => downgrade(deps, req.shop, req.query.planName));

  // Where the platform (or the standalone confirmation page) returns after a decision. Public.
  app.get(BILLING_RETURN_PATH, { schema: { querystring: schemas.returnQuery } }, async (req, reply) => {
    const target = await confirmPlanCharge(deps, req.query.shop, req.query.charge_id, req.query);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(target, 303);
  });
}
