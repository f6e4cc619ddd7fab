import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { CreditService } from './credit.service.ts';

export function creditRoutes(credit: CreditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dynamic_balance/', { schema: { tags: ['credit'] }, config: { rule: RULES.all } }, async (req) =>
      ok(await credit.getBalance(req.actor)),
    );
  };
}
