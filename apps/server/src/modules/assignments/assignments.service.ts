import type {
  AddDiscountPlanBody,
  PadChangeBody,
  PadRow,
  ProductPadCell,
  ProductPadView,
  UpdateConfigurationSlabBody,
} from '@portal/contract/assignments';
import type { FieldError } from '@portal/contract/envelope';
import type { MarginWarning } from '@portal/contract/inventory';
import { LIMITS } from '@portal/contract/limits';
import {
  type MarginViolation,
  marginViolations,
  priceAfterDiscount,
  resellerPlanViolations,
} from '@portal/contract/pricing';
import { ROLE } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { AppError, forbidden, notFound, validationError } from '../../platform/errors.ts';
import type { AssignmentsRepository, MarginRow } from './assignments.repository.ts';

const pct = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const fieldError = (field: string, rule: string, message: string): FieldError => ({
  field,
  rule,
  message: `${field}: ${message}`,
});

/**
 * The margin an assignment breaks, if any: that of the party selling to the customer (DOMAIN.md price
 * chain). Bought from the stock owner, the customer's price must cover the highest cost among the
 * configuration's stock for sale (`cost` overrides it: the cost of an import being approved); a shop
 * buying platform stock must pay at least what its reseller pays (the reseller's own price is judged
 * on the reseller's assignment).
 */
export function brokenMargin(r: MarginRow, cost: string | null = r.highest_cost): MarginViolation | null {
  let broken: MarginViolation[];
  if (!r.from_owner) {
    broken = marginViolations({
      face: r.face,
      stockOwner: 'platform',
      resellerDiscount: r.parent_discount,
      sellerDiscount: r.discount,
    });
  } else if (r.owner_role === ROLE.superadmin) {
    broken = resellerPlanViolations(r.face, r.discount, cost);
  } else {
    broken = marginViolations({ face: r.face, stockOwner: 'reseller', sellerDiscount: r.discount, highestCost: cost });
  }
  return broken[0] ?? null;
}

/**
 * PAD (which configurations a customer may sell, with which plan) and discount slabs. An operator
 * hands on only what it owns or was assigned, and no change may leave anyone's margin negative: no
 * price below the highest cost of the stock for sale, no shop paying less for platform stock than its
 * reseller does (DOMAIN.md price chain).
 */
export function createAssignmentsService(deps: {
  db: Db;
  repo: AssignmentsRepository;
  clock: Clock;
  findVisibleCustomer: (
    actor: Actor,
    customerId: number,
  ) => Promise<{ id: number; accountRole: number; organisationId: number } | undefined>;
}) {
  const { db, repo, clock } = deps;

  async function ownCustomer(actor: Actor, customerId: number) {
    const c = await deps.findVisibleCustomer(actor, customerId);
    if (!c) throw notFound('Customer');
    return c;
  }

  /**
   * Refuses (inside the writing transaction, so the change is rolled back) a change after which an
   * assignment of these customers, or of the customers below these parents, has a negative margin.
   */
  async function assertMargins(
    tx: Tx,
    scope: { customerIds: number[]; parentIds: number[]; configurationIds: number[] | null },
  ) {
    const rows = await repo.findMarginRows(scope, tx);
    const broken = rows.flatMap((r) => {
      const party = brokenMargin(r);
      return party ? [{ r, party }] : [];
    });
    if (broken.length === 0) return;
    const { r, party } = broken[0];
    const price = money(priceAfterDiscount(r.face, r.discount));
    const what = `${r.product_name} ${money(r.face)}`;
    const why = r.from_owner
      ? `${r.customer_name} would pay ${price} for ${what}, whose stock for sale costs up to ${money(r.highest_cost!)}`
      : `${r.customer_name} would pay ${price} (${pct(r.discount)} %) for ${what}, less than its reseller pays (${pct(r.parent_discount)} %)`;
    const whose = party === 'owner' ? "the stock owner's" : "the reseller's";
    throw validationError([
      fieldError(
        'discount',
        'negative_margin',
        `makes ${whose} margin negative: ${why}${broken.length > 1 ? ` (and ${broken.length - 1} more)` : ''}`,
      ),
    ]);
  }

  async function assertAvailable(actor: Actor, configurationIds: number[], field: string, tx: Tx = db) {
    const available = new Set(
      (await repo.findAvailable(actor.customerId, undefined, tx)).map((c) => c.configuration_id),
    );
    const errors = configurationIds
      .map((id, i) => (available.has(id) ? null : fieldError(`${field}.${i}`, 'not_found', 'no such configuration')))
      .filter((e): e is FieldError => e !== null);
    if (errors.length) throw validationError(errors);
  }

  async function findSlabs(actor: Actor, q: { page: number; limit?: number; discount_slab_id?: number }) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    if (q.discount_slab_id) return { detail: await getSlab(actor, q.discount_slab_id) };
    const { items, total } = await repo.findSlabs(actor.customerId, { ...p, offset: offsetOf(p) });
    return {
      page: { items: items.map((s) => ({ ...s, created_at: s.created_at.toISOString() })), total, p },
    };
  }

  /** A slab with every configuration the owner may hand on, each with its discount here (or none). */
  async function getSlab(actor: Actor, slabId: number) {
    const slab = await repo.findSlab(slabId, actor.customerId);
    if (!slab) throw notFound('Discount slab');
    const discounts = new Map((await repo.findSlabItems(slabId)).map((i) => [i.configuration_id, i.discount]));
    const configurations = (await repo.findAvailable(actor.customerId)).map((c) => {
      const d = discounts.get(c.configuration_id);
      return {
        configuration_id: c.configuration_id,
        product_id: c.product_id,
        product_name: c.product_name,
        product_type: c.product_type,
        value: money(c.value),
        info: c.info,
        discount: d === undefined ? null : pct(d),
        price: money(priceAfterDiscount(c.value, d ?? 0)),
      };
    });
    return { discount_slab_id: slab.id, name: slab.name, configurations };
  }

  async function addSlab(actor: Actor, b: AddDiscountPlanBody) {
    await assertAvailable(
      actor,
      b.items.map((i) => i.configuration_id),
      'items',
    );
    const id = await db.transaction(async (tx) => {
      const slabId = await repo.insertSlab(actor.customerId, b.name, clock.now(), tx);
      await repo.upsertSlabItems(
        slabId,
        b.items.map((i) => ({ configurationId: i.configuration_id, discount: i.discount })),
        clock.now(),
        tx,
      );
      return slabId;
    });
    return getSlab(actor, id);
  }

  async function updateSlab(actor: Actor, b: UpdateConfigurationSlabBody) {
    const slab = await repo.findSlab(b.discount_slab_id, actor.customerId);
    if (!slab) throw notFound('Discount slab');
    const configIds = b.items.map((i) => i.configuration_id);
    await assertAvailable(actor, configIds, 'items');
    await db.transaction(async (tx) => {
      if (b.name) await repo.renameSlab(slab.id, b.name, tx);
      await repo.upsertSlabItems(
        slab.id,
        b.items.map((i) => ({ configurationId: i.configuration_id, discount: i.discount })),
        clock.now(),
        tx,
      );
      // Its customers' prices move, and with a reseller's price the margins of the shops below it.
      const users = await repo.findCustomersUsingSlab(slab.id, tx);
      await assertMargins(tx, { customerIds: users, parentIds: users, configurationIds: configIds });
    });
    return getSlab(actor, slab.id);
  }

  async function viewPad(actor: Actor, q: { customer_id: number; product_type?: string; product_id?: number }) {
    const customer = await ownCustomer(actor, q.customer_id);
    const [available, pad, plans] = await Promise.all([
      repo.findAvailable(actor.customerId, q.product_type, db, q.product_id),
      repo.findPad(customer.id),
      repo.findSlabs(actor.customerId, { limit: 1000, offset: 0 }),
    ]);
    const assigned = new Map(pad.map((r) => [r.configuration_id, r]));
    const padList: PadRow[] = available.map((c) => {
      const a = assigned.get(c.configuration_id);
      return {
        configuration_id: c.configuration_id,
        product_id: c.product_id,
        product_name: c.product_name,
        product_type: c.product_type,
        value: money(c.value),
        info: c.info,
        assigned: a ? 1 : 0,
        is_active: a?.is_active ? 1 : 0,
        discount_plan_id: a?.discount_plan_id ?? null,
        discount: pct(a?.discount ?? 0),
        price: money(priceAfterDiscount(c.value, a?.discount ?? 0)),
      };
    });
    return {
      customer_id: customer.id,
      product_type: q.product_type ?? null,
      pad_list: padList,
      discount_plans: plans.items.map((p) => ({ discount_plan_id: p.discount_slab_id, name: p.name })),
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
      repo.findCustomerPage(visibleCustomers(actor), q.search_text || undefined, { ...p, offset: offsetOf(p) }),
      repo.findSlabs(actor.customerId, { limit: 1000, offset: 0 }),
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
        product_type: product.product_type as ProductPadView['product']['product_type'],
        is_active: product.is_active ? 1 : 0,
        configurations: configurations.map((c) => ({
          configuration_id: c.configuration_id,
          value: money(c.value),
          info: c.info,
        })),
      },
      discount_plans: plans.items.map((pl) => ({ discount_plan_id: pl.discount_slab_id, name: pl.name })),
      page: {
        items: customersPage.items.map((c) => ({
          customer_id: c.customer_id,
          name: c.name,
          is_active: c.is_active ? 1 : 0,
          assignments: configurations.map((conf): ProductPadCell => {
            const a = cell.get(`${c.customer_id}:${conf.configuration_id}`);
            return {
              configuration_id: conf.configuration_id,
              assigned: a ? 1 : 0,
              is_active: a?.is_active ? 1 : 0,
              discount_plan_id: a?.discount_plan_id ?? null,
              discount_plan: a?.discount_plan ?? null,
              discount: pct(a?.discount ?? 0),
              price: money(priceAfterDiscount(conf.value, a?.discount ?? 0)),
            };
          }),
        })),
        total: customersPage.total,
        p,
      },
    };
  }

  async function changePad(actor: Actor, b: PadChangeBody) {
    const customer = await ownCustomer(actor, b.customer_id);
    const ids = [...new Set(b.configuration_ids)];
    if (b.action === 'assign' || b.action === 'update') await assertAvailable(actor, ids, 'configuration_ids');
    if (b.discount_plan_id && !(await repo.findSlab(b.discount_plan_id, actor.customerId))) {
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
        await assertMargins(tx, { customerIds: [customer.id], parentIds: [customer.id], configurationIds: ids });
    });
    return viewPad(actor, { customer_id: customer.id });
  }

  /**
   * The configurations a customer may sell, grouped by product. A shop's staff do not see the shop's
   * discount when the customer masks it (mask_seller_discount).
   */
  async function findAssignedProducts(actor: Actor, q: { customer_id?: number; product_type?: string }) {
    const own = q.customer_id === undefined || q.customer_id === actor.customerId;
    if (!own) {
      const operator = actor.account_role === ROLE.superadmin || actor.account_role === ROLE.reseller;
      if (!operator || actor.flags.has_assign_product !== 1) throw forbidden();
      await ownCustomer(actor, q.customer_id as number);
    }
    const customerId = own ? actor.customerId : (q.customer_id as number);
    const masked = own && actor.internal_role === 1 && (await repo.masksSellerDiscount(customerId));
    const rows = await repo.findAssigned(customerId, q.product_type);
    const products = new Map<
      number,
      {
        product_id: number;
        product_name: string;
        product_type: string;
        product_image: string | null;
        customer_care: string;
        instructions: string;
        configurations: unknown[];
      }
    >();
    for (const r of rows) {
      if (own && !r.is_active) continue;
      let p = products.get(r.product_id);
      if (!p) {
        p = {
          product_id: r.product_id,
          product_name: r.product_name,
          product_type: r.product_type,
          product_image: r.product_image,
          customer_care: r.customer_care,
          instructions: r.instructions,
          configurations: [],
        };
        products.set(r.product_id, p);
      }
      p.configurations.push({
        configuration_id: r.configuration_id,
        value: money(r.value),
        info: r.info,
        is_active: r.is_active ? 1 : 0,
        discount: masked ? null : pct(r.discount),
        price: masked ? null : money(priceAfterDiscount(r.value, r.discount)),
      });
    }
    return { customer_id: customerId, products: [...products.values()] };
  }

  async function findProductDiscounts(
    actor: Actor,
    q: { page: number; limit?: number; customer_id?: number; product_type?: string; search_text?: string },
  ) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const search = q.search_text?.trim() || undefined;
    const scope = visibleCustomers(actor);
    const { items, total } = await repo.findProductDiscounts(
      scope,
      { customerId: q.customer_id, productType: q.product_type, search },
      { ...p, offset: offsetOf(p) },
    );
    return {
      items: items.map((r) => ({
        ...r,
        value: money(r.value),
        is_active: r.is_active ? 1 : 0,
        from_default_slab: r.from_default_slab ? 1 : 0,
        discount: pct(r.discount),
        price: money(priceAfterDiscount(r.value, r.discount)),
      })),
      total,
      page: p,
      applied: {
        ...(q.customer_id ? { customer_id: q.customer_id } : {}),
        ...(q.product_type ? { product_type: q.product_type } : {}),
        ...(search ? { search_text: search } : {}),
      },
    };
  }

  /**
   * For the import approval: the owner's direct customers whose price for the configuration is below
   * the new cost per PIN (their plans the import breaks). Read in the approving transaction.
   */
  async function findPlansBrokenByCost(
    tx: Tx,
    q: { ownerCustomerId: number; configurationId: number; cost: string },
  ): Promise<MarginWarning[]> {
    const rows = await repo.findMarginRows(
      { customerIds: [], parentIds: [q.ownerCustomerId], configurationIds: [q.configurationId] },
      tx,
    );
    return rows
      .filter((r) => r.from_owner && brokenMargin(r, q.cost) !== null)
      .map((r) => ({
        customer_id: r.customer_id,
        customer_name: r.customer_name,
        configuration_id: r.configuration_id,
        product_name: r.product_name,
        value: money(r.face),
        discount_plan_id: r.discount_plan_id,
        discount_plan: r.discount_plan,
        from_default_slab: r.from_default_slab ? 1 : 0,
        discount: pct(r.discount),
        price: money(priceAfterDiscount(r.face, r.discount)),
        cost: money(q.cost),
      }));
  }

  /** For the customers module: a default slab change re-checks the customer's margins and its shops'. */
  async function assertDefaultSlabMargins(tx: Tx, _actor: Actor, customerId: number) {
    await assertMargins(tx, { customerIds: [customerId], parentIds: [customerId], configurationIds: null });
  }

  return {
    findSlabs,
    addSlab,
    updateSlab,
    viewPad,
    viewProductPad,
    changePad,
    findAssignedProducts,
    findProductDiscounts,
    assertDefaultSlabMargins,
    findPlansBrokenByCost,
  };
}
export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
