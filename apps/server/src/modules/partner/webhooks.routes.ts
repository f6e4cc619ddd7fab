import { envelopeOf, pageOf } from '@portal/contract/envelope';
import {
  customerApiKeysBody,
  customerDeliveriesBody,
  customerResendDeliveryBody,
  deliveriesBody,
  deliveryRow,
  resendDeliveryBody,
  rotatedSecret,
} from '@portal/contract/partner';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['partner'];
const secretAnswer = { 200: envelopeOf(rotatedSecret) };
const logAnswer = { 200: envelopeOf(pageOf('deliveries', deliveryRow)) };
const resentAnswer = { 200: envelopeOf(deliveryRow) };

/** The shop's webhook secret and delivery log, beside its API keys on the same two screens. */
export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    const shop = { rule: RULES.apiKeysShop };
    const operator = { rule: RULES.customersChange };
    app.post(
      '/seller/webhook_secret/rotate/',
      { schema: { tags, response: secretAnswer }, config: shop },
      async (req) => ok(await webhooks.rotateSecret(req.actor), 'Webhook secret created'),
    );
    app.post(
      '/customer/webhook_secret/rotate/',
      { schema: { body: customerApiKeysBody, tags, response: secretAnswer }, config: operator },
      async (req) => ok(await webhooks.rotateSecret(req.actor, req.body.customer_id), 'Webhook secret created'),
    );
    app.post(
      '/seller/webhook_deliveries/',
      { schema: { body: deliveriesBody.optional(), tags, response: logAnswer }, config: shop },
      async (req) => {
        const r = await webhooks.findDeliveries(req.actor, deliveriesBody.parse(req.body ?? {}));
        return ok(page('deliveries', r.items, r.total, r.page));
      },
    );
    app.post(
      '/customer/webhook_deliveries/',
      { schema: { body: customerDeliveriesBody, tags, response: logAnswer }, config: operator },
      async (req) => {
        const r = await webhooks.findDeliveries(req.actor, req.body, req.body.customer_id);
        return ok(page('deliveries', r.items, r.total, r.page));
      },
    );
    app.post(
      '/seller/webhook_delivery/resend/',
      { schema: { body: resendDeliveryBody, tags, response: resentAnswer }, config: shop },
      async (req) => ok(await webhooks.resend(req.actor, req.body.delivery_id), 'Delivery queued again'),
    );
    app.post(
      '/customer/webhook_delivery/resend/',
      { schema: { body: customerResendDeliveryBody, tags, response: resentAnswer }, config: operator },
      async (req) =>
        ok(await webhooks.resend(req.actor, req.body.delivery_id, req.body.customer_id), 'Delivery queued again'),
    );
  };
}
