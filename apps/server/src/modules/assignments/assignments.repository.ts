import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { productAssignments } from '../../db/schema/assignments.ts';
import { customers } from '../../db/schema/customers.ts';
import { productConfigurations, products } from '../../db/schema/products.ts';
import { effectiveDiscount, visibleCustomers } from '../../db/scopes.ts';
import { likePattern } from '../../db/sql.ts';
import type { Actor, Viewer } from '../../platform/actor.ts';

/** Configurations a customer may hand on: its own products' and those assigned to it and active. */
function availableTo(ownerCustomerId: number): SQL {
  return sql`(${products.ownerCustomerId} = ${ownerCustomerId} or exists (
    select 1 from ${productAssignments} own where own.customer_id = ${ownerCustomerId}
      and own.configuration_id = ${productConfigurations.id} and own.is_active))`;
}

/** Qualified by hand: drizzle names a single table's columns bare, which the subquery would capture. */
const PAD_CONFIGURATION = sql.raw('"product_assignments"."configuration_id"');
const PRODUCT_ID = sql.raw('"products"."id"');

/**
 * One active assignment whose margin a price change can break: the customer's price against what the
 * party above it pays. `from_owner`: the customer buys straight from the stock owner (a reseller from the
 * platform, or a shop from its reseller's own stock), judged against `highest_cost`, the highest cost
 * among the configuration's stock for sale; otherwise a shop buys platform stock through its reseller,
 * judged against the reseller's price (`parent_discount`).
 */
export type MarginRow = {
  customer_id: number;
  customer_name: string;
  configuration_id: number;
  product_name: string;
  face: string;
  from_owner: boolean;
  owner_role: number;
  discount: string;
  parent_discount: string;
  highest_cost: string | null;
  discount_plan_id: number | null;
  discount_plan: string | null;
  from_default_slab: boolean;
};

export function createAssignmentsRepository(db: Db) {
  const configColumns = {
    configuration_id: productConfigurations.id,
    product_id: products.id,
    product_name: products.productName,
    product_type: products.productType,
    value: productConfigurations.value,
    info: productConfigurations.info,
    owner_customer_id: products.ownerCustomerId,
  };

  return {
    async findAvailable(ownerCustomerId: number, productType?: string, tx: Tx = db, productId?: number) {
      return tx
        .select(configColumns)
        .from(productConfigurations)
        .innerJoin(products, eq(products.id, productConfigurations.productId))
        .where(
          and(
            availableTo(ownerCustomerId),
            eq(products.isActive, true),
            eq(productConfigurations.isActive, true),
            productType ? eq(products.productType, productType) : undefined,
            productId ? eq(products.id, productId) : undefined,
          ),
        )
        .orderBy(asc(products.productName), asc(productConfigurations.value));
    },

    /**
     * What the operator itself pays per PIN of configurations it hands on: for its own stock the highest cost
     * among the stock for sale (the cost its customers' prices are judged against; null without stock), for
     * stock bought from above its own price there (`effective_discount`, `price_after_discount`).
     */
    async findOwnPrices(ownerCustomerId: number, configurationIds: number[]): Promise<Map<number, string | null>> {
      if (configurationIds.length === 0) return new Map();
      const { rows } = await db.execute<{ configuration_id: number; own_price: string | null }>(sql`
        select pc.id as configuration_id,
          case when p.owner_customer_id = ${ownerCustomerId}
            then (select max(pin.cost) from available_stock a join pins pin on pin.id = a.pin_id
                  where a.configuration_id = pc.id)
            else price_after_discount(pc.value, effective_discount(${ownerCustomerId}, pc.id)) end as own_price
        from product_configurations pc join products p on p.id = pc.product_id
        where pc.id = any(${`{${configurationIds.join(',')}}`}::int[])`);
      return new Map(rows.map((r) => [r.configuration_id, r.own_price]));
    },

    /** A product the operator may hand on (its own, or with a configuration assigned to it). */
    async findProductToHandOn(ownerCustomerId: number, productId: number) {
      const rows = await db
        .select({
          product_id: products.id,
          product_name: products.productName,
          product_type: products.productType,
          is_active: products.isActive,
        })
        .from(products)
        .where(
          and(
            eq(products.id, productId),
            sql`(${products.ownerCustomerId} = ${ownerCustomerId} or exists (
              select 1 from product_configurations hand_c join product_assignments hand_pa
                on hand_pa.configuration_id = hand_c.id
              where hand_c.product_id = ${PRODUCT_ID} and hand_pa.customer_id = ${ownerCustomerId}
                and hand_pa.is_active))`,
          ),
        );
      return rows[0];
    },

    /** A page of the customers the viewer sees (visibleCustomers), by name. */
    async findCustomerPage(viewer: Viewer, search: string | undefined, p: { limit: number; offset: number }) {
      const where = and(visibleCustomers(viewer), search ? ilike(customers.name, likePattern(search)) : undefined);
      const [items, [counted]] = await Promise.all([
        db
          .select({ customer_id: customers.id, name: customers.name, is_active: customers.isActive })
          .from(customers)
          .where(where)
          .orderBy(asc(customers.name), asc(customers.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ count: sql<number>`count(*)::int` }).from(customers).where(where),
      ]);
      const { count } = counted!; // count() answers one row
      return { items, total: count };
    },

    /** These customers' assignments of these configurations, with the plan and discount in force. */
    async findPadOf(customerIds: number[], configurationIds: number[]) {
      if (customerIds.length === 0 || configurationIds.length === 0) return [];
      const { rows } = await db.execute<{
        customer_id: number;
        configuration_id: number;
        is_active: boolean;
        discount_plan_id: number | null;
        discount_plan: string | null;
        discount: string;
      }>(sql`
        select pa.customer_id, pa.configuration_id, pa.is_active, pa.discount_slab_id as discount_plan_id,
          s.name as discount_plan, ${effectiveDiscount(sql`pa.customer_id`, sql`pa.configuration_id`)} as discount
        from product_assignments pa
        join customers c on c.id = pa.customer_id
        left join discount_slabs s on s.id = coalesce(pa.discount_slab_id, c.discount_slab_id)
        where pa.customer_id in (${sql.join(customerIds, sql`, `)})
          and pa.configuration_id in (${sql.join(configurationIds, sql`, `)})`);
      return rows;
    },

    async findPad(customerId: number) {
      return db
        .select({
          configuration_id: productAssignments.configurationId,
          is_active: productAssignments.isActive,
          discount_plan_id: productAssignments.discountSlabId,
          discount: effectiveDiscount(customerId, PAD_CONFIGURATION),
        })
        .from(productAssignments)
        .where(eq(productAssignments.customerId, customerId));
    },

    /** A customer's assigned configurations with product details, for its selling screens. */
    async findAssigned(customerId: number, productType?: string) {
      return db
        .select({
          ...configColumns,
          is_active: productAssignments.isActive,
          discount_plan_id: productAssignments.discountSlabId,
          discount: effectiveDiscount(customerId, PAD_CONFIGURATION),
          product_image: products.productImage,
          customer_care: products.customerCare,
          instructions: products.instructions,
        })
        .from(productAssignments)
        .innerJoin(productConfigurations, eq(productConfigurations.id, productAssignments.configurationId))
        .innerJoin(products, eq(products.id, productConfigurations.productId))
        .where(
          and(
            eq(productAssignments.customerId, customerId),
            productType ? eq(products.productType, productType) : undefined,
          ),
        )
        .orderBy(asc(products.productName), asc(productConfigurations.value));
    },

    /** The customer, if the actor may see it (DOMAIN.md visibility). */
    async findVisibleCustomer(actor: Actor, customerId: number) {
      const rows = await db
        .select({ id: customers.id, accountRole: customers.accountRole })
        .from(customers)
        .where(and(eq(customers.id, customerId), visibleCustomers(actor)));
      return rows[0];
    },

    async masksSellerDiscount(customerId: number) {
      const rows = await db
        .select({ mask: customers.maskSellerDiscount })
        .from(customers)
        .where(eq(customers.id, customerId));
      return rows[0]?.mask === true;
    },

    async upsertPad(
      customerId: number,
      configurationIds: number[],
      slabId: number | null,
      by: number,
      now: Date,
      tx: Tx,
    ) {
      await tx
        .insert(productAssignments)
        .values(
          configurationIds.map((configurationId) => ({
            customerId,
            configurationId,
            discountSlabId: slabId,
            isActive: true,
            assignedBy: by,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [productAssignments.customerId, productAssignments.configurationId],
          set: { discountSlabId: slabId, isActive: true, assignedBy: by, updatedAt: now },
        });
    },

    async updatePad(
      customerId: number,
      configurationIds: number[],
      set: { discountSlabId?: number | null; isActive?: boolean },
      by: number,
      now: Date,
      tx: Tx,
    ) {
      const rows = await tx
        .update(productAssignments)
        .set({ ...set, assignedBy: by, updatedAt: now })
        .where(
          and(
            eq(productAssignments.customerId, customerId),
            inArray(productAssignments.configurationId, configurationIds),
          ),
        )
        .returning({ id: productAssignments.configurationId });
      return rows.length;
    },

    /** Unassigning from a reseller also unassigns it from that reseller's shops: they bought through it. */
    async deletePad(customerId: number, configurationIds: number[], tx: Tx) {
      await tx.delete(productAssignments).where(
        and(
          inArray(productAssignments.configurationId, configurationIds),
          sql`(${productAssignments.customerId} = ${customerId} or ${productAssignments.customerId} in (
              select id from customers where parent_id = ${customerId}))`,
        ),
      );
    },

    /**
     * The active assignments of these customers, and of the customers below these parents, with what
     * their margin is judged against (MarginRow): the rows whose margins a change can break.
     */
    async findMarginRows(
      scope: { customerIds: number[]; parentIds: number[]; configurationIds: number[] | null },
      tx: Tx,
    ): Promise<MarginRow[]> {
      const who = [
        scope.customerIds.length ? sql`pa.customer_id in (${sql.join(scope.customerIds, sql`, `)})` : undefined,
        scope.parentIds.length ? sql`c.parent_id in (${sql.join(scope.parentIds, sql`, `)})` : undefined,
      ].filter((x) => x !== undefined);
      if (who.length === 0 || scope.configurationIds?.length === 0) return [];
      const { rows } = await tx.execute<MarginRow>(sql`
        select pa.customer_id, c.name as customer_name, pa.configuration_id, p.product_name, pc.value as face,
          p.owner_customer_id = c.parent_id as from_owner, owner.account_role as owner_role,
          ${effectiveDiscount(sql`pa.customer_id`, sql`pa.configuration_id`)} as discount,
          ${effectiveDiscount(sql`c.parent_id`, sql`pa.configuration_id`)} as parent_discount,
          (select max(pin.cost) from available_stock a join pins pin on pin.id = a.pin_id
            where a.configuration_id = pa.configuration_id) as highest_cost,
          coalesce(pa.discount_slab_id, c.discount_slab_id) as discount_plan_id, s.name as discount_plan,
          pa.discount_slab_id is null as from_default_slab
        from product_assignments pa
        join customers c on c.id = pa.customer_id
        join product_configurations pc on pc.id = pa.configuration_id
        join products p on p.id = pc.product_id
        join customers owner on owner.id = p.owner_customer_id
        left join discount_slabs s on s.id = coalesce(pa.discount_slab_id, c.discount_slab_id)
        where pa.is_active and (${sql.join(who, sql` or `)})
          ${scope.configurationIds ? sql`and pa.configuration_id in (${sql.join(scope.configurationIds, sql`, `)})` : sql``}
        order by c.name, pa.customer_id, p.product_name, pc.value`);
      return rows;
    },

    /** Every visible customer's effective discount per assigned configuration (report). */
    async findProductDiscounts(
      viewer: Viewer,
      f: { customerId?: number; productType?: string; search?: string },
      p: { limit: number; offset: number },
    ) {
      const like = f.search ? likePattern(f.search) : undefined;
      const where = and(
        visibleCustomers(viewer),
        f.customerId ? eq(customers.id, f.customerId) : undefined,
        f.productType ? eq(products.productType, f.productType) : undefined,
        like ? sql`(${products.productName} ilike ${like} or ${customers.name} ilike ${like})` : undefined,
      );
      const plan = sql<string | null>`(select s.name from discount_slabs s
        where s.id = coalesce(${productAssignments.discountSlabId}, ${customers.discountSlabId}))`;
      const [items, [counted]] = await Promise.all([
        db
          .select({
            customer_id: customers.id,
            customer_name: customers.name,
            configuration_id: productConfigurations.id,
            product_name: products.productName,
            product_type: products.productType,
            value: productConfigurations.value,
            is_active: productAssignments.isActive,
            discount_plan: plan,
            from_default_slab: sql<boolean>`${productAssignments.discountSlabId} is null`,
            discount: effectiveDiscount(sql`${customers.id}`, sql`${productConfigurations.id}`),
          })
          .from(productAssignments)
          .innerJoin(customers, eq(customers.id, productAssignments.customerId))
          .innerJoin(productConfigurations, eq(productConfigurations.id, productAssignments.configurationId))
          .innerJoin(products, eq(products.id, productConfigurations.productId))
          .where(where)
          .orderBy(asc(customers.name), asc(products.productName), asc(productConfigurations.value))
          .limit(p.limit)
          .offset(p.offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(productAssignments)
          .innerJoin(customers, eq(customers.id, productAssignments.customerId))
          .innerJoin(productConfigurations, eq(productConfigurations.id, productAssignments.configurationId))
          .innerJoin(products, eq(products.id, productConfigurations.productId))
          .where(where),
      ]);
      const { count } = counted!; // count() answers one row
      return { items, total: count };
    },
  };
}
export type AssignmentsRepository = ReturnType<typeof createAssignmentsRepository>;
