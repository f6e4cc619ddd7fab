import type { addSupplierBody, editSupplierBody, viewSuppliersBody } from '@portal/contract/suppliers';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import { toSupplierColumns, toSupplierView } from './suppliers.mapper.ts';
import type { SuppliersRepository } from './suppliers.repository.ts';

/** Suppliers of one owner (platform or reseller); another owner's supplier answers 404. */
export function createSuppliersService(deps: { repo: SuppliersRepository }) {
  const { repo } = deps;

  async function getOwnSupplier(actor: Actor, supplierId: number) {
    const s = await repo.find(supplierId);
    if (!s || s.ownerCustomerId !== actor.customerId) throw notFound('Supplier');
    return s;
  }

  async function createSupplier(actor: Actor, b: z.output<typeof addSupplierBody>) {
    const row = await repo.insert({ ownerCustomerId: actor.customerId, ...toSupplierColumns(b) });
    return toSupplierView(row);
  }

  async function updateSupplier(actor: Actor, b: z.output<typeof editSupplierBody>) {
    await getOwnSupplier(actor, b.supplier_id);
    const row = await repo.update(b.supplier_id, toSupplierColumns(b));
    if (!row) throw notFound('Supplier');
    return toSupplierView(row);
  }

  async function findSuppliers(actor: Actor, q: z.output<typeof viewSuppliersBody>) {
    if (q.supplier_id) {
      const one = await getOwnSupplier(actor, q.supplier_id);
      return { items: [toSupplierView(one)], total: 1 };
    }
    const { items, total } = await repo.findPage({
      ownerCustomerId: actor.customerId,
      search: q.search_text,
      status: q.filters.status,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { items: items.map(toSupplierView), total };
  }

  return { getOwnSupplier, createSupplier, updateSupplier, findSuppliers };
}
export type SuppliersService = ReturnType<typeof createSuppliersService>;
