import { organisationsEndpoints } from '@portal/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { OrganisationsService } from './organisations.service.ts';

export function organisationsRoutes(organisations: OrganisationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, organisationsEndpoints, { tags: ['organisations'] });
    route('/p_check/', async (req) =>
      ok(await organisations.getBranding(req.hostname, req.body?.organisation_name), 'Organisation found'),
    );
  };
}
