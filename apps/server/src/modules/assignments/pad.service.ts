import type { PadChangeBody, PadView } from '@portal/contract/assignments';
import { LIMITS } from '@portal/contract/limits';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { bit, offsetOf } from '../../platform/envelope.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { moneyText } from '../../platform/money.ts';
import { type AssignmentRulesService, fieldError } from './assignment-rules.service.ts';
import { padRowOf, productPadCellOf, productTypeOf } from './assignments.mapper.ts';
import type { AssignmentsRepository } from './assignments.repository.ts';
import type { DiscountSlabsRepository } from './discount-slabs.repository.ts';

/**
 * PAD (which configurations a customer may sell, with which plan): one customer's, one product's across
 * the operator's customers (the pool PAD screen), and the changes to it.
 */
export function createPadService(deps: {
  db: Db;
  repo: AssignmentsRepository;
  slabs: Pick<DiscountSlabsRepository, 'findSlabs' | 'findSlab'>;
  rules: Pick<AssignmentRulesService, 'assertAvailable' | 'assertMargins'>;
  clock: Clock;
}) {
  const { db, repo, slabs, rules, clock } = deps;

  async function ownCustomer(actor: Actor, customerId: number) {
    const c = await repo.findVisibleCustomer(actor, customerId);
    if (!c) throw notFound('Customer');
    return c;
  }

  async function planChoices(actor: Actor) {
    const plans = await slabs.findSlabs(actor.customerId, { limit: 1000, offset: 0 });
    return plans.items.map((p) => ({ discount_plan_id: p.discount_slab_id, name: p.name }));
  }

  async function viewPad(
    actor: Actor,
    q: { customer_id: number; product_type?: PadView['product_type']; product_id?: number },
  ): Promise<PadView> {
    const customer = await ownCustomer(actor, q.customer_id);
    const [available, pad, plans] = await Promise.all([
      repo.findAvailable(actor.customerId, q.product_type ?? undefined, db, q.product_id),
      repo.findPad(customer.id),
      planChoices(actor),
    ]);
    const assigned = new Map(pad.map((r) => [r.configuration_id, r]));
    const ownPrices = await repo.findOwnPrices(
      actor.customerId,
      available.map((c) => c.configuration_id),
    );
    return {
      customer_id: customer.id,
      product_type: q.product_type ?? null,
      pad_list: available.map((c) => padRowOf(c, assigned.get(c.configuration_id), ownPrices.get(c.configuration_id))),
      discount_plans: plans,
    };
  }

  /**
   * One product's PAD across the operator's customers (the pool PAD screen): a page of customers, each
   * with every active configuration of the product, assigned or not, and the plan in force.
   */
  async function viewProductPad(
    actor: Actor,
    q: { product_id: number; page: number; limit?: number; search_text?: string },
  ) {
    const product = await repo.findProductToHandOn(actor.customerId, q.product_id);
    if (!product) throw notFound('Product');
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const [configurations, customersPage, plans] = await Promise.all([
      repo.findAvailable(actor.customerId, undefined, db, product.product_id),
      repo.findCustomerPage(actor, q.search_text || undefined, { ...p, offset: offsetOf(p) }),
      planChoices(actor),
    ]);
    const pad = await repo.findPadOf(
      customersPage.items.map((c) => c.customer_id),
      configurations.map((c) => c.configuration_id),
    );
    const cell = new Map(pad.map((r) => [`${r.customer_id}:${r.configuration_id}`, r]));
    return {
      product: {
        product_id: product.product_id,
        product_name: product.product_name,
        product_type: productTypeOf(product.product_type),
        is_active: bit(product.is_active),
        configurations: configurations.map((c) => ({
          configuration_id: c.configuration_id,
          value: moneyText(c.value),
          info: c.info,
        })),
      },
      discount_plans: plans,
      page: {
        items: customersPage.items.map((c) => ({
          customer_id: c.customer_id,
          name: c.name,
          is_active: bit(c.is_active),
          assignments: configurations.map((conf) =>
            productPadCellOf(conf, cell.get(`${c.customer_id}:${conf.configuration_id}`)),
          ),
        })),
        total: customersPage.total,
        p,
      },
    };
  }

  async function changePad(actor: Actor, b: PadChangeBody) {
    const customer = await ownCustomer(actor, b.customer_id);
    const ids = [...new Set(b.configuration_ids)];
    if (b.action === 'assign' || b.action === 'update') await rules.assertAvailable(actor, ids, 'configuration_ids');
    if (b.discount_plan_id && !(await slabs.findSlab(b.discount_plan_id, actor.customerId))) {
      throw validationError([fieldError('discount_plan_id', 'not_found', 'no such discount slab')]);
    }
    const now = clock.now();
    await db.transaction(async (tx) => {
      if (b.action === 'assign') {
        await repo.upsertPad(customer.id, ids, b.discount_plan_id ?? null, actor.userId, now, tx);
      } else if (b.action === 'unassign') {
        await repo.deletePad(customer.id, ids, tx);
      } else {
        const set =
          b.action === 'update' ? { discountSlabId: b.discount_plan_id ?? null } : { isActive: b.action === 'enable' };
        const changed = await repo.updatePad(customer.id, ids, set, actor.userId, now, tx);
        if (changed !== ids.length)
          throw new AppError('conflict', 'Some configurations are not assigned to this customer');
      }
      // Unassigning and disabling take prices away and cannot break a margin; the customer's new price
      // is judged against its supplier's, and a reseller's also against its shops'.
      if (b.action === 'assign' || b.action === 'update' || b.action === 'enable')
        await rules.assertMargins(tx, { customerIds: [customer.id], parentIds: [customer.id], configurationIds: ids });
    });
    return viewPad(actor, { customer_id: customer.id });
  }

  return { viewPad, viewProductPad, changePad };
}
export type PadService = ReturnType<typeof createPadService>;
