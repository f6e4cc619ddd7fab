import { reclamationsEndpoints } from '@portal/contract/reclamations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { ReclamationsService } from './reclamations.service.ts';

const tags = ['reclamations'];

export function reclamationsRoutes(s: { reclamations: ReclamationsService }): FastifyPluginAsyncZod {
  const { reclamations } = s;
  return async (app) => {
    const route = routesOf(app, reclamationsEndpoints, { tags });
    route('/post_reclam_pins/', async (req) =>
      ok(await reclamations.fileReclamation(req.actor, req.body), 'Reclamation filed'),
    );
    route('/view_update_reclam_pins/', async (req) => {
      const body = req.body;
      if ('action' in body) return ok(await reclamations.moveReclamation(req.actor, body));
      const r = await reclamations.findReclamations(req.actor, body);
      return ok(page('reclamations', r.items, r.total, r.page, r.applied));
    });
    route('/reclam_pin_details/', async (req) =>
      ok(await reclamations.getReclamation(req.actor, req.body.reclamation_id)),
    );
  };
}
