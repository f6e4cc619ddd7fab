import type { Db } from '../../db/connect.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** The signed-in user's own profile and settings. */
export function createUsersModule(deps: { db: Db }) {
  const users = createUsersService({ repo: createUsersRepository(deps.db) });
  const services = { users };
  return {
    name: 'users',
    services,
    register: async (app) => {
      await app.register(usersRoutes(users), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type UsersModule = ReturnType<typeof createUsersModule>;
