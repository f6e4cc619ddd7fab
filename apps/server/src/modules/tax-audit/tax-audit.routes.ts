import { Readable } from 'node:stream';
import { taxAuditExportBody } from '@portal/contract/datev';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TaxAuditService } from './tax-audit.service.ts';

/** A tax audit's data access (Z3) for a period: the platform's superadmin managers only (decision 0147). */
export function taxAuditRoutes(taxAudit: TaxAuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/export_tax_audit/',
      {
        schema: { body: taxAuditExportBody, tags: ['datev'] },
        config: { rule: RULES.taxAudit, file: 'application/zip' },
      },
      async (req, reply) => {
        const file = await taxAudit.exportPeriod(req.actor, req.body);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(file.parts));
      },
    );
  };
}
