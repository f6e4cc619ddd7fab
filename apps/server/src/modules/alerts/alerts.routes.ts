import { markNoticesReadBody, noticeList, noticesMarked } from '@portal/contract/alerts';
import { envelopeOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { AlertsService } from './alerts.service.ts';

const tags = ['alerts'];

// Every signed-in user may ask; the service answers only the kinds of notices the user's rules allow.
export function alertsRoutes(alerts: AlertsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/view_notices/',
      { schema: { tags, response: { 200: envelopeOf(noticeList) } }, config: { rule: RULES.all } },
      async (req) => ok(await alerts.listNotices(req.actor)),
    );
    app.post(
      '/mark_notices_read/',
      {
        schema: { body: markNoticesReadBody, tags, response: { 200: envelopeOf(noticesMarked) } },
        config: { rule: RULES.all },
      },
      async (req) => ok(await alerts.markRead(req.actor, req.body.ids)),
    );
  };
}
