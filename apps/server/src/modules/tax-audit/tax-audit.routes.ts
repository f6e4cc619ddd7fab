import { Readable } from 'node:stream';
import { datevFiles } from '@portal/contract/datev';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../platform/routes.ts';
import type { TaxAuditService } from './tax-audit.service.ts';

/** A tax audit's data access (Z3) for a period: the platform's superadmin managers only (decision 0147). */
export function taxAuditRoutes(taxAudit: TaxAuditService): FastifyPluginAsyncZod {
  return async (app) => {
    const file = routesOf(app, datevFiles, { tags: ['datev'] });
    file('/export_tax_audit/', async (req, reply) => {
      const file = await taxAudit.exportPeriod(req.actor, req.body);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.parts));
    });
  };
}
