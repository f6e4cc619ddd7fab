import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { TransactionKeysService } from './transaction-keys.service.ts';

export function sellingRoutes(keys: TransactionKeysService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/get_transaction_session_key/',
      { schema: { tags: ['selling'] }, config: { rule: RULES.purchase } },
      async (req) => ok(await keys.issue(req.actor)),
    );
  };
}
