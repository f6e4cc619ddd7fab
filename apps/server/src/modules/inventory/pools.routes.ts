import {
  addPoolBody,
  poolStepTwoBody,
  previousDiscountBody,
  stepThreeBody,
  uploadFileFields,
  viewUpdatePoolBody,
} from '@portal/contract/inventory';
import { SCREENS } from '@portal/contract/screens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, page } from '../../platform/envelope.ts';
import { uploadedFile } from '../../platform/storage.ts';
import { decidedMessage } from './import-approval.service.ts';
import type { InventoryImportService } from './inventory-import.service.ts';
import type { PoolsService } from './pools.service.ts';

const tags = ['pools'];
/** Pools are the superadmin's (spec section 6), with the inventory flag like every stock screen. */
const rule = SCREENS['/inventory/pool'];

export function poolsRoutes(pools: PoolsService, imports: InventoryImportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/view_update_pool/', { schema: { body: viewUpdatePoolBody, tags }, config: { rule } }, async (req) => {
      const q = req.body;
      const r = await pools.viewUpdatePools(req.actor, q);
      return ok({ pool: r.pool, ...page('pools', r.items, r.total, q) });
    });
    app.post('/add_pool/', { schema: { body: addPoolBody, tags }, config: { rule } }, async (req) =>
      ok(await pools.createPool(req.actor, req.body), 'Pool added'),
    );
    app.post(
      '/pool_upload_file/',
      { schema: { body: uploadFileFields.extend({ csv_file: z.unknown() }), tags }, config: { rule } },
      async (req) =>
        ok(
          await imports.upload(req.actor, 'pool', uploadedFile(req.body.csv_file), req.body.delimiter),
          'File uploaded',
        ),
    );
    app.post(
      '/pool_upload_file_step_two/',
      { schema: { body: poolStepTwoBody, tags }, config: { rule } },
      async (req, reply) => {
        const { product } = await pools.getOwnPool(req.actor, req.body.pool_id);
        reply.status(202);
        return ok(await imports.mapImport(req.actor, 'pool', req.body, product.id), 'Checking the rows');
      },
    );
    app.post(
      '/get_previous_supplier_pool_discount/',
      { schema: { body: previousDiscountBody, tags }, config: { rule } },
      async (req) => ok(await imports.previousDiscount(req.actor, req.body.supplier_id, req.body.configuration_id)),
    );
    app.post(
      '/pool_upload_file_step_three/',
      {
        schema: {
          body: stepThreeBody.extend({
            page: z.number().int().min(1).default(1),
            limit: z.number().int().min(1).max(100).default(10),
            /** 1 lists the failed rows of the import instead of deciding it (the pool screens' review step). */
            failed_list: z.union([z.literal(0), z.literal(1)]).default(0),
          }),
          tags,
        },
        config: { rule },
      },
      async (req) => {
        const q = req.body;
        if (q.failed_list === 1) {
          const r = await imports.findFailedRows(req.actor, 'pool', q.import_id, q.page, q.limit);
          return ok({ import: r.import, ...page('failed_pins', r.items, r.total, q, { import_id: q.import_id }) });
        }
        const decided = await imports.decideImport(req.actor, 'pool', q);
        return ok(decided, decidedMessage(q.cancel, decided));
      },
    );
  };
}
