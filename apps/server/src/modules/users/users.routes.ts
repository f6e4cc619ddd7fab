import { usersEndpoints } from '@portal/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, usersEndpoints, { tags: ['users'] });
    route('/auth_check/', async (req) => ok(await users.getUserInfo(req.actor)));
    route('/update_settings/', async (req) => ok(await users.updateSettings(req.actor, req.body), 'Settings saved'));
  };
}
