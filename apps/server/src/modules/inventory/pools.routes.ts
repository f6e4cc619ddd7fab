import { inventoryUploads } from '@portal/contract/inventory-import';
import { poolsEndpoints } from '@portal/contract/pools';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import { uploadedFile } from '../../platform/storage.ts';
import { decidedMessage } from './import-approval.service.ts';
import type { InventoryImportService } from './inventory-import.service.ts';
import type { PoolsService } from './pools.service.ts';

const tags = ['pools'];

export function poolsRoutes(pools: PoolsService, imports: InventoryImportService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, poolsEndpoints, { tags });
    const upload = routesOf(app, inventoryUploads, { tags });
    route('/view_update_pool/', async (req) => {
      const q = req.body;
      const r = await pools.viewUpdatePools(req.actor, q);
      return ok({ pool: r.pool, ...page('pools', r.items, r.total, q) });
    });
    route('/add_pool/', async (req) => ok(await pools.createPool(req.actor, req.body), 'Pool added'));
    upload('/pool_upload_file/', async (req) =>
      ok(await imports.upload(req.actor, 'pool', uploadedFile(req.body.csv_file), req.body.delimiter), 'File uploaded'),
    );
    route('/pool_upload_file_step_two/', async (req, reply) => {
      const { product } = await pools.getOwnPool(req.actor, req.body.pool_id);
      reply.status(202);
      return ok(await imports.mapImport(req.actor, 'pool', req.body, product.id), 'Checking the rows');
    });
    route('/get_previous_supplier_pool_discount/', async (req) =>
      ok(await imports.previousDiscount(req.actor, req.body.supplier_id, req.body.configuration_id)),
    );
    route('/pool_upload_file_step_three/', async (req) => {
      const q = req.body;
      if (q.failed_list === 1) {
        const r = await imports.findFailedRows(req.actor, 'pool', q.import_id, q.page, q.limit);
        return ok({ import: r.import, ...page('failed_pins', r.items, r.total, q, { import_id: q.import_id }) });
      }
      const decided = await imports.decideImport(req.actor, 'pool', q);
      return ok(decided, decidedMessage(q.cancel, decided));
    });
  };
}
