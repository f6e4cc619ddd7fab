import { partnerKeysEndpoints } from '@portal/contract/partner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { ApiKeysService } from './api-keys.service.ts';

const tags = ['partner'];

/** The partner API's keys on the settings screens: the shop's managers (`/seller/api`) and its operators. */
export function apiKeysRoutes(keys: ApiKeysService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, partnerKeysEndpoints, { tags });
    route('/seller/api_keys/', async (req) => ok(await keys.findKeys(req.actor)));
    route('/seller/api_key/add/', async (req) => ok(await keys.createKey(req.actor, req.body), 'API key created'));
    route('/seller/api_key/revoke/', async (req) =>
      ok(await keys.revokeKey(req.actor, req.body.api_key_id), 'API key revoked'),
    );

    route('/customer/api_keys/', async (req) => ok(await keys.findKeys(req.actor, req.body.customer_id)));
    route('/customer/api_key/add/', async (req) => {
      const { customer_id, ...body } = req.body;
      return ok(await keys.createKey(req.actor, body, customer_id), 'API key created');
    });
    route('/customer/api_key/revoke/', async (req) =>
      ok(await keys.revokeKey(req.actor, req.body.api_key_id, req.body.customer_id), 'API key revoked'),
    );
  };
}
