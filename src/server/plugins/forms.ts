import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Contract } from '../contract/document';
import { JSON_MEDIA_TYPE } from '../contract/route-schema';
import { validationFailed } from '../errors';
import { validateFormBody } from '../forms/body-forms';
import { serverForms } from '../forms/load';

/**
 * Validates the body of every operation an onboarding step or profile section is the form of
 * against that form (`forms/onboarding/`, `forms/profile/`), after the contract's own validation
 * and before the handler: a field the form refuses is a 400 naming it, in the error envelope.
 *
 * Only JSON bodies are judged here. A multipart operation's handler calls `validateFormBody`
 * with the parsed non-file fields, since only it knows how the parts become a body.
 *
 * The values of `x-options` fields (countries, languages, services, catalogue slugs) are not
 * checked against the database here: the services that store them check them.
 */
export default fp<{ contract: Contract }>(
  async (app, { contract }) => {
    // The app's forms folder, as the request forms use it (tests hand a copy).
    const formsDir = app.formsDir;
    const forms = serverForms(formsDir).bodies;
    const jsonOperations = new Set<string>();
    for (const operation of contract.operations) {
      if (forms.byOperation.has(operation.operationId) && operation.requestBody?.content[JSON_MEDIA_TYPE]) {
        jsonOperations.add(operation.operationId);
      }
    }

    app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
      const operationId = request.routeOptions.config.operation?.operationId;
      if (!operationId || !jsonOperations.has(operationId)) return done();
      const errors = validateFormBody(formsDir, operationId, request.body);
      done(errors ? validationFailed(errors) : undefined);
    });
  },
  { name: 'forms', dependencies: ['contract'] },
);
