import type { AssignedProducts } from '@portal/contract/assignments';
import { LIMITS } from '@portal/contract/limits';
import { ROLE } from '@portal/contract/roles';
import type { Actor } from '../../platform/actor.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { assignedConfigurationOf, assignedProductOf, productDiscountRowOf } from './assignments.mapper.ts';
import type { AssignmentsRepository } from './assignments.repository.ts';

/** What customers may sell: a customer's assigned catalogue and the operator's product discounts report. */
export function createAssignmentsService(deps: { repo: AssignmentsRepository }) {
  const { repo } = deps;

  /**
   * The configurations a customer may sell, grouped by product. A shop's staff do not see the shop's
   * discount when the customer masks it (mask_seller_discount).
   */
  async function findAssignedProducts(
    actor: Actor,
    q: { customer_id?: number; product_type?: string },
  ): Promise<AssignedProducts> {
    const customerId = q.customer_id ?? actor.customerId;
    const own = customerId === actor.customerId;
    if (!own) {
      const operator = actor.account_role === ROLE.superadmin || actor.account_role === ROLE.reseller;
      if (!operator || actor.flags.has_assign_product !== 1) throw forbidden();
      if (!(await repo.findVisibleCustomer(actor, customerId))) throw notFound('Customer');
    }
    const masked = own && actor.internal_role === 1 && (await repo.masksSellerDiscount(customerId));
    const rows = await repo.findAssigned(customerId, q.product_type);
    const products = new Map<number, AssignedProducts['products'][number]>();
    for (const r of rows) {
      if (own && !r.is_active) continue;
      let p = products.get(r.product_id);
      if (!p) {
        p = assignedProductOf(r);
        products.set(r.product_id, p);
      }
      p.configurations.push(assignedConfigurationOf(r, masked));
    }
    return { customer_id: customerId, products: [...products.values()] };
  }

  async function findProductDiscounts(
    actor: Actor,
    q: { page: number; limit?: number; customer_id?: number; product_type?: string; search_text?: string },
  ) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const search = q.search_text?.trim() || undefined;
    const { items, total } = await repo.findProductDiscounts(
      actor,
      { customerId: q.customer_id, productType: q.product_type, search },
      { ...p, offset: offsetOf(p) },
    );
    return {
      items: items.map(productDiscountRowOf),
      total,
      page: p,
      applied: {
        ...(q.customer_id ? { customer_id: q.customer_id } : {}),
        ...(q.product_type ? { product_type: q.product_type } : {}),
        ...(search ? { search_text: search } : {}),
      },
    };
  }

  return { findAssignedProducts, findProductDiscounts };
}
export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
