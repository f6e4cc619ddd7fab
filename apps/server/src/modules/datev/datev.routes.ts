import { datevEndpoints, datevFiles } from '@portal/contract/datev';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { DatevService } from './datev.service.ts';

/** DATEV settings and the month's export, for the issuer's own books only (decision 0147). */
export function datevRoutes(datev: DatevService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, datevEndpoints, { tags: ['datev'] });
    const file = routesOf(app, datevFiles, { tags: ['datev'] });
    route('/datev_settings/', async (req) => ok(await datev.getSettings(req.actor)));
    route('/update_datev_settings/', async (req) =>
      ok(await datev.updateSettings(req.actor, req.body), 'DATEV settings saved'),
    );
    file('/export_datev/', async (req, reply) => {
      const file = await datev.exportMonth(req.actor, req.body);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    });
  };
}
