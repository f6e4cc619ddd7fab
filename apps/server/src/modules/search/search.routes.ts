import { envelopeOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import { searchQuery, searchResult } from '@portal/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { SearchService } from './search.service.ts';

export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    // Every signed-in user may search: what it finds is what the screens it may open show (the service).
    app.get(
      '/search/',
      {
        schema: { querystring: searchQuery, tags: ['search'], response: { 200: envelopeOf(searchResult) } },
        config: { rule: RULES.all },
      },
      async (req) => ok(await search.search(req.actor, req.query.q)),
    );
  };
}
