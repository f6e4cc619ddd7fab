import {
  AUDIT_LOG_EXPORT_MAX,
  type AuditLogChoicesQuery,
  type AuditLogExportBody,
  type AuditLogQuery,
  type CustomerChangesQuery,
} from '@portal/contract/audit';
import type { Language } from '@portal/contract/limits';
import type { Viewer } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuditRepository } from './audit.repository.ts';
import { auditLogExport } from './audit-export.ts';

type Paged<T> = T & { limit: number };

/**
 * Who may read which changes (decision 0141): a customer's changes the operator above it (the customers it sees, its
 * staff only the assigned ones); the whole log the platform's superadmin. Another tenant's customer is not found.
 */
export function createAuditService(repo: AuditRepository) {
  return {
    async customerChanges(viewer: Viewer, q: Paged<CustomerChangesQuery>) {
      if (!(await repo.canSeeCustomer(viewer, q.customer_id))) throw notFound('Customer');
      return repo.findForCustomer(q.customer_id, q);
    },
    log(viewer: Viewer, q: Paged<AuditLogQuery>) {
      return repo.findLog(viewer, q, q);
    },
    /** The log's file: the same filters and scope as the log, its newest AUDIT_LOG_EXPORT_MAX changes. */
    async exportLog(viewer: Viewer, q: AuditLogExportBody, language: Language) {
      const { items } = await repo.findLog(viewer, q, { page: 1, limit: AUDIT_LOG_EXPORT_MAX });
      return auditLogExport({ rows: items, format: q.format, language });
    },
    choices(viewer: Viewer, q: AuditLogChoicesQuery) {
      return repo.choices(viewer, q);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
