import { searchEndpoints } from '@portal/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { SearchService } from './search.service.ts';

export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, searchEndpoints, { tags: ['search'] });
    route('/search/', async (req) => ok(await search.search(req.actor, req.query.q)));
  };
}
