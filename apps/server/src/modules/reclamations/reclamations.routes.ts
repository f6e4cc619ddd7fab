import { envelopeOf } from '@portal/contract/envelope';
import {
  postReclamPinsBody,
  reclamationDetails,
  reclamPinDetailsBody,
  viewUpdateReclamPinsBody,
  viewUpdateReclamPinsData,
} from '@portal/contract/reclamations';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { ReclamationsService } from './reclamations.service.ts';

const tags = ['reclamations'];

export function reclamationsRoutes(s: { reclamations: ReclamationsService }): FastifyPluginAsyncZod {
  const { reclamations } = s;
  return async (app) => {
    app.post(
      '/post_reclam_pins/',
      {
        schema: { body: postReclamPinsBody, tags, response: { 200: envelopeOf(reclamationDetails) } },
        config: { rule: RULES.reclamationsSeller },
      },
      async (req) => ok(await reclamations.fileReclamation(req.actor, req.body), 'Reclamation filed'),
    );
    app.post(
      '/view_update_reclam_pins/',
      {
        schema: { body: viewUpdateReclamPinsBody, tags, response: { 200: envelopeOf(viewUpdateReclamPinsData) } },
        config: { rule: RULES.reclamations },
      },
      async (req) => {
        const body = req.body;
        if ('action' in body) return ok(await reclamations.moveReclamation(req.actor, body));
        const r = await reclamations.findReclamations(req.actor, body);
        return ok(page('reclamations', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/reclam_pin_details/',
      {
        schema: { body: reclamPinDetailsBody, tags, response: { 200: envelopeOf(reclamationDetails) } },
        config: { rule: RULES.reclamations },
      },
      async (req) => ok(await reclamations.getReclamation(req.actor, req.body.reclamation_id)),
    );
  };
}
