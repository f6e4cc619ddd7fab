import type { Db } from '../../db/connect.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createSuppliersRepository } from './suppliers.repository.ts';
import { suppliersRoutes } from './suppliers.routes.ts';
import { createSuppliersService } from './suppliers.service.ts';

/** Who the PINs are bought from. */
export function createSuppliersModule(deps: { db: Db }) {
  const suppliers = createSuppliersService({ repo: createSuppliersRepository(deps.db) });
  const services = { suppliers };
  return {
    name: 'suppliers',
    services,
    register: async (app) => {
      await app.register(suppliersRoutes(suppliers), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type SuppliersModule = ReturnType<typeof createSuppliersModule>;
