import {
  auditChange,
  auditLogChoices,
  auditLogChoicesQuery,
  auditLogExportBody,
  auditLogQuery,
  customerChangesQuery,
} from '@portal/contract/audit';
import { envelopeOf, pageOf, refusalEnvelope } from '@portal/contract/envelope';
import type { Language } from '@portal/contract/limits';
import { LIMITS } from '@portal/contract/limits';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { EXPORT_CONTENT_TYPES, sendExportFile } from '../../platform/export-file.ts';
import type { AuditService } from './audit.service.ts';

const tags = ['audit'];
const answer = { 200: envelopeOf(pageOf('changes', auditChange)), '4xx': refusalEnvelope };

const fileTypes = `text/csv, ${EXPORT_CONTENT_TYPES.xlsx}`;

export function auditRoutes(
  audit: AuditService,
  languageOfUser: (userId: number) => Promise<Language>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/customer_changes/',
      { schema: { querystring: customerChangesQuery, tags, response: answer }, config: { rule: RULES.operators } },
      async (req) => {
        const q = { ...req.query, limit: req.query.limit ?? LIMITS.pageSize };
        const r = await audit.customerChanges(req.actor, q);
        return ok(page('changes', r.items, r.total, q, { customer_id: q.customer_id }));
      },
    );
    app.get(
      '/audit_log/',
      { schema: { querystring: auditLogQuery, tags, response: answer }, config: { rule: RULES.superadmin } },
      async (req) => {
        const q = { ...req.query, limit: req.query.limit ?? LIMITS.pageSize };
        const r = await audit.log(req.actor, q);
        const { actor_user_id, customer_id, kind, from, to } = q;
        return ok(page('changes', r.items, r.total, q, { actor_user_id, customer_id, kind, from, to }));
      },
    );
    // The log's file: the log's rule, scope and filters, in the caller's language and spreadsheet dialect.
    app.post(
      '/export_audit_log/',
      { schema: { body: auditLogExportBody.optional(), tags }, config: { rule: RULES.superadmin, file: fileTypes } },
      async (req, reply) => {
        const q = auditLogExportBody.parse(req.body ?? {});
        const language = await languageOfUser(req.actor.userId);
        return sendExportFile(reply, await audit.exportLog(req.actor, q, language));
      },
    );
    app.get(
      '/audit_log_choices/',
      {
        schema: {
          querystring: auditLogChoicesQuery,
          tags,
          response: { 200: envelopeOf(auditLogChoices), '4xx': refusalEnvelope },
        },
        config: { rule: RULES.superadmin },
      },
      async (req) => ok({ choices: await audit.choices(req.actor, req.query) }),
    );
  };
}
