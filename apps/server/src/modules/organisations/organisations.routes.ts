import { pCheckBody } from '@portal/contract/auth';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { OrganisationsService } from './organisations.service.ts';

export function organisationsRoutes(organisations: OrganisationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/p_check/',
      { schema: { body: pCheckBody.optional(), tags: ['organisations'] }, config: { rule: RULES.public } },
      async (req) =>
        ok(await organisations.getBranding(req.hostname, req.body?.organisation_name), 'Organisation found'),
    );
  };
}
