import { alertsEndpoints } from '@portal/contract/alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { AlertsService } from './alerts.service.ts';

export function alertsRoutes(alerts: AlertsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, alertsEndpoints, { tags: ['alerts'] });
    route('/view_notices/', async (req) => ok(await alerts.listNotices(req.actor)));
    route('/mark_notices_read/', async (req) => ok(await alerts.markRead(req.actor, req.body.ids)));
  };
}
