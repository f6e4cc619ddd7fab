import { deliveriesBody, partnerKeysEndpoints } from '@portal/contract/partner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['partner'];

/** The shop's webhook secret and delivery log, beside its API keys on the same two screens. */
export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, partnerKeysEndpoints, { tags });
    route('/seller/webhook_secret/rotate/', async (req) =>
      ok(await webhooks.rotateSecret(req.actor), 'Webhook secret created'),
    );
    route('/customer/webhook_secret/rotate/', async (req) =>
      ok(await webhooks.rotateSecret(req.actor, req.body.customer_id), 'Webhook secret created'),
    );
    route('/seller/webhook_deliveries/', async (req) => {
      const r = await webhooks.findDeliveries(req.actor, deliveriesBody.parse(req.body ?? {}));
      return ok(page('deliveries', r.items, r.total, r.page));
    });
    route('/customer/webhook_deliveries/', async (req) => {
      const r = await webhooks.findDeliveries(req.actor, req.body, req.body.customer_id);
      return ok(page('deliveries', r.items, r.total, r.page));
    });
    route('/seller/webhook_delivery/resend/', async (req) =>
      ok(await webhooks.resend(req.actor, req.body.delivery_id), 'Delivery queued again'),
    );
    route('/customer/webhook_delivery/resend/', async (req) =>
      ok(await webhooks.resend(req.actor, req.body.delivery_id, req.body.customer_id), 'Delivery queued again'),
    );
  };
}
