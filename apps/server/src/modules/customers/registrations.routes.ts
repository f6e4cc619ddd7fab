import { envelopeOf, pageOf } from '@portal/contract/envelope';
import {
  registerBody,
  registrationDecided,
  registrationReceived,
  registrationRow,
  updateRegistrationBody,
  viewRegistrationBody,
} from '@portal/contract/registrations';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { RegistrationsService } from './registrations.service.ts';

const tags = ['customers'];
const change = { rule: RULES.customersChange };

export function registrationsRoutes(registrations: RegistrationsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: a shop applies. Capped per address on top of validation; the operator decides.
    app.post(
      '/register/',
      {
        schema: { body: registerBody, tags, response: { 200: envelopeOf(registrationReceived) } },
        config: { rule: RULES.public, rateLimit: { max: 5, timeWindow: '1 hour' } },
      },
      async (req) => ok(await registrations.register(req.hostname, req.body), 'Registration received'),
    );
    app.post(
      '/view_registration/',
      {
        schema: {
          body: viewRegistrationBody.optional(),
          tags,
          response: { 200: envelopeOf(pageOf('registrations', registrationRow)) },
        },
        config: change,
      },
      async (req) => {
        const r = await registrations.findRegistrations(req.actor, viewRegistrationBody.parse(req.body ?? {}));
        return ok(page('registrations', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/update_registration/',
      {
        schema: { body: updateRegistrationBody, tags, response: { 200: envelopeOf(registrationDecided) } },
        config: change,
      },
      async (req) =>
        ok(
          await registrations.decideRegistration(req.actor, req.body, req.hostname),
          req.body.status === 'accepted' ? 'Registration accepted' : 'Registration rejected',
        ),
    );
  };
}
