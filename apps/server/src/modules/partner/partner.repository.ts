import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AccountRow, accountColumns } from '../../db/accounts.ts';
import type { Db } from '../../db/connect.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { apiKeys } from '../../db/schema/partner.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import { berlinDayEndSql } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';

const creator = alias(users, 'creator');

/** The partner API's keys: made, listed and revoked on the settings screens, looked up on every call. */
export function createPartnerRepository(db: Db) {
  // Every partner call looks its key up: prepared once per connection, like the session lookup.
  const findByHashStatement = db
    .select({
      key: {
        id: apiKeys.id,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
        expiresAt: apiKeys.expiresAt,
      },
      api: { enabled: customers.apiEnabled, allowedIps: customers.apiAllowedIps },
      account: accountColumns,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(customers, eq(customers.id, apiKeys.customerId))
    .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
    .prepare('find_api_key');

  return {
    async findByHash(keyHash: string) {
      const rows = await findByHashStatement.execute({ keyHash });
      return rows[0] as { key: (typeof rows)[0]['key']; api: (typeof rows)[0]['api']; account: AccountRow } | undefined;
    },

    async touch(id: string, at: Date) {
      await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
    },

    /** The shop and its API details; for an operator only a customer it sees (else undefined: 404). */
    async findShop(customerId: number, viewer?: Actor) {
      const rows = await db
        .select({
          id: customers.id,
          accountRole: customers.accountRole,
          apiEnabled: customers.apiEnabled,
          apiAllowedIps: customers.apiAllowedIps,
          apiCallbackUrl: customers.apiCallbackUrl,
        })
        .from(customers)
        .where(and(eq(customers.id, customerId), viewer ? visibleCustomers(viewer) : undefined));
      return rows[0];
    },

    /** The shop's users a key may act for (active ones, main account first). */
    async findShopUsers(customerId: number) {
      return db
        .select({ user_id: users.id, username: users.username })
        .from(users)
        .where(and(eq(users.customerId, customerId), eq(users.isActive, true)))
        .orderBy(asc(users.internalRole), asc(users.id));
    },

    async findKeys(customerId: number) {
      return db
        .select(keyColumns)
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .innerJoin(creator, eq(creator.id, apiKeys.createdBy))
        .where(eq(apiKeys.customerId, customerId))
        .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt));
    },

    async findKey(customerId: number, id: string) {
      const rows = await db
        .select(keyColumns)
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .innerJoin(creator, eq(creator.id, apiKeys.createdBy))
        .where(and(eq(apiKeys.customerId, customerId), eq(apiKeys.id, id)));
      return rows[0];
    },

    async insert(k: {
      customerId: number;
      userId: number;
      name: string;
      keyHash: string;
      keyPrefix: string;
      createdAt: Date;
      createdBy: number;
      /** The last Berlin day the key works: it stops at the midnight that ends it. */
      lastDay: string | null;
    }) {
      const { lastDay, ...values } = k;
      const expiresAt = lastDay ? berlinDayEndSql(lastDay) : null;
      const [row] = await db
        .insert(apiKeys)
        .values({ ...values, expiresAt })
        .returning({ id: apiKeys.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    /** Revokes a live key of the shop; false when there is none (unknown, another shop's, already revoked). */
    async revoke(customerId: number, id: string, by: number, at: Date) {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: at, revokedBy: by })
        .where(and(eq(apiKeys.customerId, customerId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },
  };
}
export type PartnerRepository = ReturnType<typeof createPartnerRepository>;

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  keyPrefix: apiKeys.keyPrefix,
  userId: apiKeys.userId,
  username: users.username,
  createdAt: apiKeys.createdAt,
  createdBy: creator.username,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
};
export type ApiKeyRecord = Awaited<ReturnType<PartnerRepository['findKeys']>>[number];
