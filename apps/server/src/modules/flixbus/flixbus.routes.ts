import { flixbusEndpoints, flixbusFiles } from '@portal/contract/flixbus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendKeyed } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { FlixbusService } from './flixbus.service.ts';

const tags = ['flixbus'];

export function flixbusRoutes(s: FlixbusService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, flixbusEndpoints, { tags });
    // The spec lists the call without a method: its row answers GET and POST alike (`alsoPost`).
    route('/get_flixbus_cities/', async () => ok({ cities: await s.cities() }));
    route('/flixbus_api/', async (req, reply) => sendKeyed(reply, await s.act(req.actor, req.body)));
    routesOf(app, flixbusFiles, { tags })('/flixbus_api/ticket/:bookingId/', async (req, reply) => {
      const t = await s.ticket(req.actor, req.params.bookingId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${t.name}"`)
        .header('cache-control', 'no-store')
        .send(t.pdf);
    });
  };
}
