import { auditEndpoints, auditFiles, auditLogExportBody } from '@portal/contract/audit';
import type { Language } from '@portal/contract/limits';
import { LIMITS } from '@portal/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { sendExportFile } from '../../platform/export-file.ts';
import { routesOf } from '../../platform/routes.ts';
import type { AuditService } from './audit.service.ts';

const tags = ['audit'];

export function auditRoutes(
  audit: AuditService,
  languageOfUser: (userId: number) => Promise<Language>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, auditEndpoints, { tags });
    const download = routesOf(app, auditFiles, { tags });
    route('/customer_changes/', async (req) => {
      const q = { ...req.query, limit: req.query.limit ?? LIMITS.pageSize };
      const r = await audit.customerChanges(req.actor, q);
      return ok(page('changes', r.items, r.total, q, { customer_id: q.customer_id }));
    });
    route('/audit_log/', async (req) => {
      const q = { ...req.query, limit: req.query.limit ?? LIMITS.pageSize };
      const r = await audit.log(req.actor, q);
      const { actor_user_id, customer_id, kind, from, to } = q;
      return ok(page('changes', r.items, r.total, q, { actor_user_id, customer_id, kind, from, to }));
    });
    // The log's file: the log's rule, scope and filters, in the caller's language and spreadsheet dialect.
    download('/export_audit_log/', async (req, reply) => {
      const q = auditLogExportBody.parse(req.body ?? {});
      const language = await languageOfUser(req.actor.userId);
      return sendExportFile(reply, await audit.exportLog(req.actor, q, language));
    });
    route('/audit_log_choices/', async (req) => ok({ choices: await audit.choices(req.actor, req.query) }));
  };
}
