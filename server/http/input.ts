import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors';

/** A partial update is a JSON object of fields: `null`, an array, a string or no body at all is refused. */
const isJsonObject = (body: unknown) =>
  !!body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body);
import { findUnstorable, yupValidatorCompiler } from './validate';

/**
 * Request input of every route: the yup schemas a route declares
 * (`schema: { params, querystring, body }`) are checked by the validator
 * compiler, and, for every route (declared or not), params, query and body
 * must be storable — no NUL, no unpaired surrogate, bounded nesting — so
 * PostgreSQL never sees a value it cannot store. Every PATCH takes a JSON object (a
 * translated 400 otherwise, before any schema default could turn `null` into `{}`).
 */
export const inputValidation = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(yupValidatorCompiler({ appOrigin: new URL(app.deps.config.appUrl).origin }));
  app.addHook('preValidation', async (request) => {
    if (request.method === 'PATCH' && !isJsonObject(request.body))
      throw validationFailed({ _: { key: 'validation.invalidBody' } });
    const bad = findUnstorable(request.params) ?? findUnstorable(request.query) ?? findUnstorable(request.body);
    if (bad) throw validationFailed(bad);
  });
});
