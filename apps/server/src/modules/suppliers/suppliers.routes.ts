import { suppliersEndpoints } from '@portal/contract/suppliers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { SuppliersService } from './suppliers.service.ts';

const tags = ['suppliers'];

export function suppliersRoutes(suppliers: SuppliersService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, suppliersEndpoints, { tags });
    route('/view_suppliers/', async (req) => {
      const q = req.body;
      const { items, total } = await suppliers.findSuppliers(req.actor, q);
      return ok(page('suppliers', items, total, q, { search_text: q.search_text ?? '', ...q.filters }));
    });
    route('/add_supplier/', async (req) => ok(await suppliers.createSupplier(req.actor, req.body), 'Supplier added'));
    route('/edit_supplier/', async (req) =>
      ok(await suppliers.updateSupplier(req.actor, req.body), 'Supplier updated'),
    );
  };
}
