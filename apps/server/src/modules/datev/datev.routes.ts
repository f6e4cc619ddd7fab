import { datevExportBody, datevSettings, updateDatevSettingsBody } from '@portal/contract/datev';
import { envelopeOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { DatevService } from './datev.service.ts';

const tags = ['datev'];

/** DATEV settings and the month's export, for the issuer's own books only (decision 0147). */
export function datevRoutes(datev: DatevService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/datev_settings/',
      { schema: { tags, response: { 200: envelopeOf(datevSettings) } }, config: { rule: RULES.datev } },
      async (req) => ok(await datev.getSettings(req.actor)),
    );
    app.post(
      '/update_datev_settings/',
      {
        schema: { body: updateDatevSettingsBody, tags, response: { 200: envelopeOf(datevSettings) } },
        config: { rule: RULES.datev },
      },
      async (req) => ok(await datev.updateSettings(req.actor, req.body), 'DATEV settings saved'),
    );
    app.post(
      '/export_datev/',
      {
        schema: { body: datevExportBody, tags },
        config: { rule: RULES.datev, file: 'text/csv, application/zip' },
      },
      async (req, reply) => {
        const file = await datev.exportMonth(req.actor, req.body);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    );
  };
}
