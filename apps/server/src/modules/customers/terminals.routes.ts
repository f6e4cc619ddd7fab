import { envelopeOf, pageOf } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import { RULES } from '@portal/contract/rules';
import { activateTerminalBody, listTerminalsBody, sellerTerminals, terminalRow } from '@portal/contract/terminals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { TerminalsService } from './terminals.service.ts';

const tags = ['customers'];
const config = { rule: RULES.superadmin };

export function terminalsRoutes(terminals: TerminalsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/list_sellers_with_terminal_ids/',
      {
        schema: {
          body: listTerminalsBody.optional(),
          tags,
          response: { 200: envelopeOf(pageOf('sellers', sellerTerminals)) },
        },
        config,
      },
      async (req) => {
        const body = listTerminalsBody.parse(req.body ?? {});
        const q = { ...body, limit: body.limit ?? LIMITS.pageSize };
        const r = await terminals.findSellers(req.actor, q);
        return ok(
          page('sellers', r.items, r.total, q, { search: q.search, status: q.status, customer_id: q.customer_id }),
        );
      },
    );
    app.post(
      '/activate_terminal_id/',
      { schema: { body: activateTerminalBody, tags, response: { 200: envelopeOf(terminalRow) } }, config },
      async (req) =>
        ok(
          await terminals.activateTerminal(req.actor, req.body),
          req.body.is_active ? 'Terminal activated' : 'Terminal deactivated',
        ),
    );
  };
}
