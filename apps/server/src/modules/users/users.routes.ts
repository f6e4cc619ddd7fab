import { updateSettingsBody, userInfo, userSettings } from '@portal/contract/auth';
import { envelopeOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth_check/',
      { schema: { tags: ['users'], response: { 200: envelopeOf(userInfo) } }, config: { rule: RULES.all } },
      async (req) => ok(await users.getUserInfo(req.actor)),
    );
    app.post(
      '/update_settings/',
      {
        schema: { body: updateSettingsBody, tags: ['users'], response: { 200: envelopeOf(userSettings) } },
        config: { rule: RULES.all },
      },
      async (req) => ok(await users.updateSettings(req.actor, req.body), 'Settings saved'),
    );
  };
}
