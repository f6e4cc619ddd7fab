import { registrationsEndpoints, viewRegistrationBody } from '@portal/contract/registrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { RegistrationsService } from './registrations.service.ts';

const tags = ['customers'];

export function registrationsRoutes(registrations: RegistrationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, registrationsEndpoints, { tags });
    // Public: a shop applies. Capped per address on top of validation; the operator decides.
    route(
      '/register/',
      async (req) => ok(await registrations.register(req.hostname, req.body), 'Registration received'),
      { rateLimit: { max: 5, timeWindow: '1 hour' } },
    );
    route('/view_registration/', async (req) => {
      const r = await registrations.findRegistrations(req.actor, viewRegistrationBody.parse(req.body ?? {}));
      return ok(page('registrations', r.items, r.total, r.page, r.applied));
    });
    route('/update_registration/', async (req) =>
      ok(
        await registrations.decideRegistration(req.actor, req.body, req.hostname),
        req.body.status === 'accepted' ? 'Registration accepted' : 'Registration rejected',
      ),
    );
  };
}
