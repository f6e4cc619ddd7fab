import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import { taxAuditRoutes } from './tax-audit.routes.ts';
import { createTaxAuditService } from './tax-audit.service.ts';

/** A tax audit's data access (Z3): the books, documents, master data and trail of a period (decision 0147). */
export function createTaxAuditModule(deps: { db: Db; clock: Clock }) {
  const taxAudit = createTaxAuditService(deps);
  const services = { taxAudit };
  return {
    name: 'tax-audit',
    services,
    register: async (app) => {
      await app.register(taxAuditRoutes(taxAudit), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
