import { inventoryEndpoints } from '@portal/contract/inventory';
import { inventoryImportEndpoints, inventoryUploads } from '@portal/contract/inventory-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import { uploadedFile } from '../../platform/storage.ts';
import { decidedMessage } from './import-approval.service.ts';
import type { InventoryService } from './inventory.service.ts';
import type { InventoryImportService } from './inventory-import.service.ts';

const tags = ['inventory'];

const PENDING_STATUSES = ['uploaded', 'validating', 'validated'];
const ALL_STATUSES = [...PENDING_STATUSES, 'approved', 'cancelled'];

export function inventoryRoutes(imports: InventoryImportService, inventory: InventoryService): FastifyPluginAsyncZod {
  return async (app) => {
    const upload = routesOf(app, inventoryUploads, { tags });
    const route = routesOf(app, { ...inventoryImportEndpoints, ...inventoryEndpoints }, { tags });
    upload('/upload_file/', async (req) =>
      ok(
        await imports.upload(req.actor, 'product', uploadedFile(req.body.csv_file), req.body.delimiter),
        'File uploaded',
      ),
    );
    route('/background_task_step_two/', async (req, reply) => {
      reply.status(202);
      return ok(await imports.mapImport(req.actor, 'product', req.body), 'Checking the rows');
    });
    route('/failed_pins_list/', async (req) => {
      const q = req.body;
      const r = await imports.findFailedRows(req.actor, 'product', q.import_id, q.page, q.limit);
      return ok({ import: r.import, ...page('failed_pins', r.items, r.total, q, { import_id: q.import_id }) });
    });
    route('/upload_step_three/', async (req) => {
      const decided = await imports.decideImport(req.actor, 'product', req.body);
      return ok(decided, decidedMessage(req.body.cancel, decided));
    });
    route('/previous_supplier_discount/', async (req) =>
      ok(await imports.previousDiscount(req.actor, req.body.supplier_id, req.body.configuration_id)),
    );
    route('/inventory_imports/', async (req) => {
      const q = req.body;
      const statuses = q.status === 'pending' ? PENDING_STATUSES : ALL_STATUSES;
      const { items, total } = await imports.findImports(req.actor, 'product', statuses, q.page, q.limit);
      return ok(page('imports', items, total, q, { status: q.status }));
    });
    route('/inventory_list/', async (req) => {
      const q = req.body;
      const { items, total } = await inventory.findStock(req.actor, q);
      return ok(page('inventory', items, total, q, { search_text: q.search_text ?? '', ...q.filters }));
    });
    route('/stock_details/', async (req) => {
      const q = req.body;
      const r = await inventory.getStockDetails(req.actor, q.configuration_id, q.page, q.limit);
      return ok({ configuration: r.configuration, ...page('batches', r.items, r.total, q) });
    });
    route('/stock_batch_details/', async (req) => {
      const q = req.body;
      const r = await inventory.getBatchDetails(req.actor, q);
      return ok({ batch: r.batch, ...page('pins', r.items, r.total, q, { status: q.status }) });
    });
    route('/update_batch_status/', async (req) =>
      ok(
        await inventory.setBatchPublished(req.actor, req.body),
        req.body.publish ? 'Batch published' : 'Batch unpublished',
      ),
    );
    route('/inventory_batch_and_pin_search/', async (req) => {
      const q = req.body;
      const { items, total } = await inventory.searchInventory(req.actor, q);
      // The search text may be a PIN: it is not echoed back.
      return ok(page('results', items, total, q, { search_type: q.search_type }));
    });
  };
}
