import { LIMITS } from '@portal/contract/limits';
import { listTerminalsBody, terminalsEndpoints } from '@portal/contract/terminals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { TerminalsService } from './terminals.service.ts';

const tags = ['customers'];

export function terminalsRoutes(terminals: TerminalsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, terminalsEndpoints, { tags });
    route('/list_sellers_with_terminal_ids/', async (req) => {
      const body = listTerminalsBody.parse(req.body ?? {});
      const q = { ...body, limit: body.limit ?? LIMITS.pageSize };
      const r = await terminals.findSellers(req.actor, q);
      return ok(
        page('sellers', r.items, r.total, q, { search: q.search, status: q.status, customer_id: q.customer_id }),
      );
    });
    route('/activate_terminal_id/', async (req) =>
      ok(
        await terminals.activateTerminal(req.actor, req.body),
        req.body.is_active ? 'Terminal activated' : 'Terminal deactivated',
      ),
    );
  };
}
