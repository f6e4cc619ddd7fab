import { envelopeOf, pageOf } from '@portal/contract/envelope';
import { RULES } from '@portal/contract/rules';
import { addSupplierBody, editSupplierBody, supplierView, viewSuppliersBody } from '@portal/contract/suppliers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { SuppliersService } from './suppliers.service.ts';

const tags = ['suppliers'];
const config = { rule: RULES.suppliers };
const oneSupplier = { 200: envelopeOf(supplierView) };

export function suppliersRoutes(suppliers: SuppliersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/view_suppliers/',
      {
        schema: { body: viewSuppliersBody, tags, response: { 200: envelopeOf(pageOf('suppliers', supplierView)) } },
        config,
      },
      async (req) => {
        const q = req.body;
        const { items, total } = await suppliers.findSuppliers(req.actor, q);
        return ok(page('suppliers', items, total, q, { search_text: q.search_text ?? '', ...q.filters }));
      },
    );
    app.post(
      '/add_supplier/',
      { schema: { body: addSupplierBody, tags, response: oneSupplier }, config },
      async (req) => ok(await suppliers.createSupplier(req.actor, req.body), 'Supplier added'),
    );
    app.post(
      '/edit_supplier/',
      { schema: { body: editSupplierBody, tags, response: oneSupplier }, config },
      async (req) => ok(await suppliers.updateSupplier(req.actor, req.body), 'Supplier updated'),
    );
  };
}
