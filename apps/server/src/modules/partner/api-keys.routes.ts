import { envelopeOf } from '@portal/contract/envelope';
import {
  apiKeyRow,
  apiKeysAnswer,
  createApiKeyBody,
  createdApiKey,
  customerApiKeysBody,
  customerCreateApiKeyBody,
  customerRevokeApiKeyBody,
  revokeApiKeyBody,
} from '@portal/contract/partner';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const tags = ['partner'];
const keysAnswer = { 200: envelopeOf(apiKeysAnswer) };
const createdAnswer = { 200: envelopeOf(createdApiKey) };
const revokedAnswer = { 200: envelopeOf(apiKeyRow) };

/** The partner API's keys on the settings screens: the shop's managers (`/seller/api`) and its operators. */
export function apiKeysRoutes(keys: ApiKeysService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/seller/api_keys/',
      { schema: { tags, response: keysAnswer }, config: { rule: RULES.apiKeysShop } },
      async (req) => ok(await keys.findKeys(req.actor)),
    );
    app.post(
      '/seller/api_key/add/',
      { schema: { body: createApiKeyBody, tags, response: createdAnswer }, config: { rule: RULES.apiKeysShop } },
      async (req) => ok(await keys.createKey(req.actor, req.body), 'API key created'),
    );
    app.post(
      '/seller/api_key/revoke/',
      { schema: { body: revokeApiKeyBody, tags, response: revokedAnswer }, config: { rule: RULES.apiKeysShop } },
      async (req) => ok(await keys.revokeKey(req.actor, req.body.api_key_id), 'API key revoked'),
    );

    app.post(
      '/customer/api_keys/',
      {
        schema: { body: customerApiKeysBody, tags, response: keysAnswer },
        config: { rule: RULES.customersChange },
      },
      async (req) => ok(await keys.findKeys(req.actor, req.body.customer_id)),
    );
    app.post(
      '/customer/api_key/add/',
      {
        schema: { body: customerCreateApiKeyBody, tags, response: createdAnswer },
        config: { rule: RULES.customersChange },
      },
      async (req) => {
        const { customer_id, ...body } = req.body;
        return ok(await keys.createKey(req.actor, body, customer_id), 'API key created');
      },
    );
    app.post(
      '/customer/api_key/revoke/',
      {
        schema: { body: customerRevokeApiKeyBody, tags, response: revokedAnswer },
        config: { rule: RULES.customersChange },
      },
      async (req) => ok(await keys.revokeKey(req.actor, req.body.api_key_id, req.body.customer_id), 'API key revoked'),
    );
  };
}
