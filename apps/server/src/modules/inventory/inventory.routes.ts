import { envelopeOf, pageOf } from '@portal/contract/envelope';
import {
  batchDetails,
  batchStatusResult,
  inventoryListBody,
  inventorySearchBody,
  pinSearchRow,
  stockBatchBody,
  stockDetails,
  stockDetailsBody,
  stockRow,
  updateBatchStatusBody,
} from '@portal/contract/inventory';
import {
  decidedImportView,
  failedPinsBody,
  failedRowsPage,
  importListBody,
  importView,
  previousDiscount,
  previousDiscountBody,
  stepThreeBody,
  stepTwoBody,
  uploadBody,
  uploadedImport,
} from '@portal/contract/inventory-import';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { uploadedFile } from '../../platform/storage.ts';
import { decidedMessage } from './import-approval.service.ts';
import type { InventoryService } from './inventory.service.ts';
import type { InventoryImportService } from './inventory-import.service.ts';

const tags = ['inventory'];
const rule = RULES.inventory;

const PENDING_STATUSES = ['uploaded', 'validating', 'validated'];
const ALL_STATUSES = [...PENDING_STATUSES, 'approved', 'cancelled'];

export function inventoryRoutes(imports: InventoryImportService, inventory: InventoryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/upload_file/',
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
          await imports.upload(req.actor, 'product', uploadedFile(req.body.csv_file), req.body.delimiter),
          'File uploaded',
        ),
    );
    app.post(
      '/background_task_step_two/',
      { schema: { body: stepTwoBody, tags, response: { 202: envelopeOf(importView) } }, config: { rule } },
      async (req, reply) => {
        reply.status(202);
        return ok(await imports.mapImport(req.actor, 'product', req.body), 'Checking the rows');
      },
    );
    app.post(
      '/failed_pins_list/',
      { schema: { body: failedPinsBody, tags, response: { 200: envelopeOf(failedRowsPage) } }, config: { rule } },
      async (req) => {
        const q = req.body;
        const r = await imports.findFailedRows(req.actor, 'product', q.import_id, q.page, q.limit);
        return ok({ import: r.import, ...page('failed_pins', r.items, r.total, q, { import_id: q.import_id }) });
      },
    );
    app.post(
      '/upload_step_three/',
      { schema: { body: stepThreeBody, tags, response: { 200: envelopeOf(decidedImportView) } }, config: { rule } },
      async (req) => {
        const decided = await imports.decideImport(req.actor, 'product', req.body);
        return ok(decided, decidedMessage(req.body.cancel, decided));
      },
    );
    app.post(
      '/previous_supplier_discount/',
      {
        schema: { body: previousDiscountBody, tags, response: { 200: envelopeOf(previousDiscount) } },
        config: { rule },
      },
      async (req) => ok(await imports.previousDiscount(req.actor, req.body.supplier_id, req.body.configuration_id)),
    );
    app.post(
      '/inventory_imports/',
      {
        schema: { body: importListBody, tags, response: { 200: envelopeOf(pageOf('imports', importView)) } },
        config: { rule },
      },
      async (req) => {
        const q = req.body;
        const statuses = q.status === 'pending' ? PENDING_STATUSES : ALL_STATUSES;
        const { items, total } = await imports.findImports(req.actor, 'product', statuses, q.page, q.limit);
        return ok(page('imports', items, total, q, { status: q.status }));
      },
    );
    app.post(
      '/inventory_list/',
      {
        schema: { body: inventoryListBody, tags, response: { 200: envelopeOf(pageOf('inventory', stockRow)) } },
        config: { rule },
      },
      async (req) => {
        const q = req.body;
        const { items, total } = await inventory.findStock(req.actor, q);
        return ok(page('inventory', items, total, q, { search_text: q.search_text ?? '', ...q.filters }));
      },
    );
    app.post(
      '/stock_details/',
      { schema: { body: stockDetailsBody, tags, response: { 200: envelopeOf(stockDetails) } }, config: { rule } },
      async (req) => {
        const q = req.body;
        const r = await inventory.getStockDetails(req.actor, q.configuration_id, q.page, q.limit);
        return ok({ configuration: r.configuration, ...page('batches', r.items, r.total, q) });
      },
    );
    app.post(
      '/stock_batch_details/',
      { schema: { body: stockBatchBody, tags, response: { 200: envelopeOf(batchDetails) } }, config: { rule } },
      async (req) => {
        const q = req.body;
        const r = await inventory.getBatchDetails(req.actor, q);
        return ok({ batch: r.batch, ...page('pins', r.items, r.total, q, { status: q.status }) });
      },
    );
    app.post(
      '/update_batch_status/',
      {
        schema: { body: updateBatchStatusBody, tags, response: { 200: envelopeOf(batchStatusResult) } },
        config: { rule },
      },
      async (req) =>
        ok(
          await inventory.setBatchPublished(req.actor, req.body),
          req.body.publish ? 'Batch published' : 'Batch unpublished',
        ),
    );
    app.post(
      '/inventory_batch_and_pin_search/',
      {
        schema: { body: inventorySearchBody, tags, response: { 200: envelopeOf(pageOf('results', pinSearchRow)) } },
        config: { rule },
      },
      async (req) => {
        const q = req.body;
        const { items, total } = await inventory.searchInventory(req.actor, q);
        // The search text may be a PIN: it is not echoed back.
        return ok(page('results', items, total, q, { search_type: q.search_type }));
      },
    );
  };
}
