import { envelopeOf } from '@portal/contract/envelope';
import {
  importView,
  previousDiscount,
  previousDiscountBody,
  uploadBody,
  uploadedImport,
} from '@portal/contract/inventory-import';
import {
  addPoolBody,
  poolStepThreeBody,
  poolStepThreeResult,
  poolStepTwoBody,
  poolsPage,
  poolView,
  viewUpdatePoolBody,
} from '@portal/contract/pools';
import { SCREENS } from '@portal/contract/screens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
    app.post(
      '/view_update_pool/',
      { schema: { body: viewUpdatePoolBody, tags, response: { 200: envelopeOf(poolsPage) } }, config: { rule } },
      async (req) => {
        const q = req.body;
        const r = await pools.viewUpdatePools(req.actor, q);
        return ok({ pool: r.pool, ...page('pools', r.items, r.total, q) });
      },
    );
    app.post(
      '/add_pool/',
      { schema: { body: addPoolBody, tags, response: { 200: envelopeOf(poolView) } }, config: { rule } },
      async (req) => ok(await pools.createPool(req.actor, req.body), 'Pool added'),
    );
    app.post(
      '/pool_upload_file/',
      {
        schema: {
          body: uploadBody,
          tags,
          response: { 200: envelopeOf(uploadedImport) },
        },
        config: { rule },
      },
      async (req) =>
        ok(
          await imports.upload(req.actor, 'pool', uploadedFile(req.body.csv_file), req.body.delimiter),
          'File uploaded',
        ),
    );
    app.post(
      '/pool_upload_file_step_two/',
      { schema: { body: poolStepTwoBody, tags, response: { 202: envelopeOf(importView) } }, config: { rule } },
      async (req, reply) => {
        const { product } = await pools.getOwnPool(req.actor, req.body.pool_id);
        reply.status(202);
        return ok(await imports.mapImport(req.actor, 'pool', req.body, product.id), 'Checking the rows');
      },
    );
    app.post(
      '/get_previous_supplier_pool_discount/',
      {
        schema: { body: previousDiscountBody, tags, response: { 200: envelopeOf(previousDiscount) } },
        config: { rule },
      },
      async (req) => ok(await imports.previousDiscount(req.actor, req.body.supplier_id, req.body.configuration_id)),
    );
    app.post(
      '/pool_upload_file_step_three/',
      {
        schema: {
          body: poolStepThreeBody,
          tags,
          response: { 200: envelopeOf(poolStepThreeResult) },
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
