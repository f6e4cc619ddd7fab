import { organisationDetails, pCheckBody } from '@portal/contract/auth';
import { envelopeOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { OrganisationsService } from './organisations.service.ts';

export function organisationsRoutes(organisations: OrganisationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/p_check/',
      {
        schema: {
          body: pCheckBody.optional(),
          tags: ['organisations'],
          response: { 200: envelopeOf(organisationDetails) },
        },
        config: { rule: RULES.public },
      },
      async (req) =>
        ok(await organisations.getBranding(req.hostname, req.body?.organisation_name), 'Organisation found'),
    );
  };
}
