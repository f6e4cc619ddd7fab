import type { Db } from '../../db/connect.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import { createSearchRepository } from './search.repository.ts';
import { searchRoutes } from './search.routes.ts';
import { createSearchService } from './search.service.ts';

/** Find anything (issue 39): the header's one search over the records of every screen the caller may open. */
export function createSearchModule(deps: { db: Db; pinCrypto: Pick<PinCrypto, 'indexes'> }) {
  const search = createSearchService({ repo: createSearchRepository(deps.db), pinCrypto: deps.pinCrypto });
  const services = { search };
  return {
    name: 'search',
    services,
    register: async (app) => {
      await app.register(searchRoutes(search), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
