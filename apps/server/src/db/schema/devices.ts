import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers, users } from './customers.ts';

/**
 * A device (card terminal, tablet) the platform registers and hands to a reseller, which hands it to one
 * of its shops; a shop's `terminal_limit` caps how many it holds.
 */
export const shopDevices = pgTable(
  'devices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tag: text().notNull(),
    serialNo: text('serial_no').notNull(),
    status: text().notNull(),
    resellerId: integer('reseller_id').references(() => customers.id),
    shopId: integer('shop_id').references(() => customers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('devices_serial_uq').on(t.serialNo).where(sql`${t.deletedAt} is null`),
    index('devices_reseller_idx').on(t.resellerId),
    index('devices_shop_idx').on(t.shopId),
    check('devices_status_chk', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** Every hand-over of a device to a shop and back: the assignment history. */
export const deviceAssignments = pgTable(
  'device_assignments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => shopDevices.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => customers.id),
    action: text().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('device_assignments_device_idx').on(t.deviceId, t.at),
    check('device_assignments_action_chk', sql`${t.action} in ('assigned', 'unassigned')`),
  ],
);
