import { auditChange, auditLogQuery, customerChangesQuery } from '@portal/contract/audit';
import { envelopeOf, pageOf, refusalEnvelope } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { AuditService } from './audit.service.ts';

const tags = ['audit'];
const answer = { 200: envelopeOf(pageOf('changes', auditChange)), '4xx': refusalEnvelope };

export function auditRoutes(audit: AuditService): FastifyPluginAsyncZod {
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
  };
}
