import { envelopeOf, refusalEnvelope } from '@portal/contract/envelope';
import { flixbusApiAnswer, flixbusApiBody, flixbusCities, flixbusTicketParams } from '@portal/contract/flixbus';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, sendKeyed } from '../../platform/envelope.ts';
import type { FlixbusService } from './flixbus.service.ts';

const tags = ['flixbus'];
const config = { rule: RULES.flixbus };

export function flixbusRoutes(s: FlixbusService): FastifyPluginAsyncZod {
  return async (app) => {
    // The spec lists the call without a method: it is answered to GET and POST alike.
    app.route({
      method: ['GET', 'POST'],
      url: '/get_flixbus_cities/',
      schema: { tags, response: { 200: envelopeOf(flixbusCities) } },
      config,
      handler: async () => ok({ cities: await s.cities() }),
    });
    app.post(
      '/flixbus_api/',
      {
        schema: { tags, body: flixbusApiBody, response: { 200: envelopeOf(flixbusApiAnswer), '4xx': refusalEnvelope } },
        config,
      },
      async (req, reply) => sendKeyed(reply, await s.act(req.actor, req.body)),
    );
    app.get(
      '/flixbus_api/ticket/:bookingId/',
      { schema: { tags, params: flixbusTicketParams }, config: { ...config, file: 'application/pdf' } },
      async (req, reply) => {
        const t = await s.ticket(req.actor, req.params.bookingId);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${t.name}"`)
          .header('cache-control', 'no-store')
          .send(t.pdf);
      },
    );
  };
}
