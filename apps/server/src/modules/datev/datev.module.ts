import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createDatevRepository } from './datev.repository.ts';
import { datevRoutes } from './datev.routes.ts';
import { createDatevService } from './datev.service.ts';

/** Exports for the issuer's tax adviser: DATEV EXTF Buchungsstapel and debtor master data (decision 0147). */
export function createDatevModule(deps: { db: Db; clock: Clock }) {
  const repo = createDatevRepository(deps.db);
  const datev = createDatevService({ db: deps.db, repo, clock: deps.clock });
  const services = { datev };
  return {
    name: 'datev',
    services,
    register: async (app) => {
      await app.register(datevRoutes(datev), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
