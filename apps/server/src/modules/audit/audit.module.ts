import type { Db } from '../../db/connect.ts';
import { languageOfUser } from '../../platform/language.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService } from './audit.service.ts';

/** The audit trail's read side (decision 0141): a customer's changes and the superadmin's log. */
export function createAuditModule(deps: { db: Db }) {
  const audit = createAuditService(createAuditRepository(deps.db));
  return {
    name: 'audit',
    services: { audit },
    register: async (app) => {
      await app.register(
        auditRoutes(audit, (userId) => languageOfUser(deps.db, userId)),
        { prefix: '/api' },
      );
    },
    jobs: [],
  } satisfies PortalModule<object>;
}
