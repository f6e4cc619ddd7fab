import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { KeyRing } from '../../platform/keys.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createOrganisationsRepository } from './organisations.repository.ts';
import { organisationsRoutes } from './organisations.routes.ts';
import { createOrganisationsService } from './organisations.service.ts';

/** Organisations by host: the branding and login key a sign-in page shows, the host a request belongs to. */
export function createOrganisationsModule(deps: { db: Db; clock: Clock; loginKeys: KeyRing<string> }) {
  const organisations = createOrganisationsService({
    repo: createOrganisationsRepository(deps.db),
    clock: deps.clock,
    loginKeys: deps.loginKeys,
  });
  const services = { organisations };
  return {
    name: 'organisations',
    services,
    register: async (app) => {
      await app.register(organisationsRoutes(organisations), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type OrganisationsModule = ReturnType<typeof createOrganisationsModule>;
