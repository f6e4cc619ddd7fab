import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/connect.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { deviceAssignments, shopDevices as devices } from '../../db/schema/devices.ts';
import { likePattern, pageWindow } from '../../db/sql.ts';

const resellers = alias(customers, 'device_resellers');
const shops = alias(customers, 'device_shops');

export function createDevicesRepository(db: Db) {
  const select = (tx: Tx | Db = db) =>
    tx
      .select({
        id: devices.id,
        tag: devices.tag,
        serialNo: devices.serialNo,
        status: devices.status,
        resellerId: devices.resellerId,
        resellerName: resellers.name,
        shopId: devices.shopId,
        shopName: shops.name,
      })
      .from(devices)
      .leftJoin(resellers, eq(resellers.id, devices.resellerId))
      .leftJoin(shops, eq(shops.id, devices.shopId));

  return {
    /** Devices of the platform (no reseller given) or of one reseller, optionally of one of its shops. */
    async findPage(
      scope: { resellerId?: number },
      q: { page: number; limit: number; id?: number; search?: string; status?: string; customer_id?: number },
    ) {
      const where = and(
        isNull(devices.deletedAt),
        q.id === undefined ? undefined : eq(devices.id, q.id),
        scope.resellerId === undefined ? undefined : eq(devices.resellerId, scope.resellerId),
        q.status === undefined ? undefined : eq(devices.status, q.status),
        q.customer_id === undefined ? undefined : eq(devices.shopId, q.customer_id),
        q.search
          ? or(ilike(devices.tag, likePattern(q.search)), ilike(devices.serialNo, likePattern(q.search)))
          : undefined,
      ) as SQL;
      const { limit, offset } = pageWindow(q);
      const [items, [total]] = await Promise.all([
        select().where(where).orderBy(asc(devices.tag), asc(devices.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(devices).where(where),
      ]);
      return { items, total: total!.n }; // count() answers one row
    },

    async findDevice(id: number, tx: Tx | Db = db) {
      const rows = await select(tx).where(and(eq(devices.id, id), isNull(devices.deletedAt)));
      return rows[0];
    },

    async lockDevice(id: number, tx: Tx) {
      const rows = await tx
        .select({ id: devices.id, resellerId: devices.resellerId, shopId: devices.shopId })
        .from(devices)
        .where(and(eq(devices.id, id), isNull(devices.deletedAt)))
        .for('update');
      return rows[0];
    },

    async serialTaken(serialNo: string, exceptId?: number) {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.serialNo, serialNo), isNull(devices.deletedAt)));
      return rows.some((r) => r.id !== exceptId);
    },

    async insertDevice(v: { tag: string; serialNo: string; status: string; resellerId: number | null; at: Date }) {
      const [row] = await db
        .insert(devices)
        .values({ tag: v.tag, serialNo: v.serialNo, status: v.status, resellerId: v.resellerId, createdAt: v.at })
        .returning({ id: devices.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async updateDevice(
      id: number,
      v: Partial<{
        tag: string;
        serialNo: string;
        status: string;
        resellerId: number | null;
        shopId: number | null;
        deletedAt: Date;
      }>,
      tx: Tx | Db = db,
    ) {
      // An update that names no field changes nothing (drizzle refuses an empty SET).
      if (Object.values(v).every((x) => x === undefined)) return;
      await tx.update(devices).set(v).where(eq(devices.id, id));
    },

    /**
     * The shop's row, locked: every assignment to one shop queues here, so two racing assignments count the
     * shop's devices one after the other.
     */
    async lockShop(resellerId: number, shopId: number, tx: Tx) {
      const rows = await tx
        .select({ id: customers.id, terminalLimit: customers.terminalLimit })
        .from(customers)
        .where(and(eq(customers.id, shopId), eq(customers.parentId, resellerId), eq(customers.accountRole, 2)))
        .for('update');
      return rows[0];
    },

    async countShopDevices(shopId: number, tx: Tx) {
      const [row] = await tx
        .select({ n: count() })
        .from(devices)
        .where(and(eq(devices.shopId, shopId), isNull(devices.deletedAt)));
      return row!.n; // count() answers one row
    },

    async insertHistory(
      v: { deviceId: number; shopId: number; action: 'assigned' | 'unassigned'; userId: number; at: Date },
      tx: Tx,
    ) {
      await tx.insert(deviceAssignments).values(v);
    },

    findHistory(resellerId: number, shopId: number | undefined) {
      return db
        .select({
          deviceId: deviceAssignments.deviceId,
          deviceTag: devices.tag,
          serialNo: devices.serialNo,
          shopId: deviceAssignments.shopId,
          shopName: customers.name,
          action: deviceAssignments.action,
          by: users.name,
          at: deviceAssignments.at,
        })
        .from(deviceAssignments)
        .innerJoin(devices, eq(devices.id, deviceAssignments.deviceId))
        .innerJoin(customers, eq(customers.id, deviceAssignments.shopId))
        .innerJoin(users, eq(users.id, deviceAssignments.userId))
        .where(
          and(
            eq(customers.parentId, resellerId),
            shopId === undefined ? undefined : eq(deviceAssignments.shopId, shopId),
          ),
        )
        .orderBy(desc(deviceAssignments.at), desc(deviceAssignments.id))
        .limit(50);
    },

    async isReseller(customerId: number) {
      const rows = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.accountRole, 1)));
      return rows.length === 1;
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
export type DeviceRow = NonNullable<Awaited<ReturnType<DevicesRepository['findDevice']>>>;
export type HistoryRow = Awaited<ReturnType<DevicesRepository['findHistory']>>[number];
