import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { bankNameMappings, bankRecords } from '../../db/schema/banking.ts';
import { customers } from '../../db/schema/customers.ts';
import { likePattern, pageWindow } from '../../db/sql.ts';

/** The lower-cased, space-collapsed payer name a name mapping matches. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const payerNameKey = sql`lower(regexp_replace(trim(${bankRecords.payerName}), '\\s+', ' ', 'g'))`;

/**
 * The banking repository's SQL of payer mappings: which customer a payer's IBAN or name stands for. Part of
 * `createBankingRepository`, kept apart for its size.
 */
export function createBankMappingsQueries(db: Db) {
  return {
    async findActiveMappings(ownerCustomerId: number, tx: Tx = db) {
      return tx
        .select({ matchKey: bankNameMappings.matchKey, customerId: bankNameMappings.customerId })
        .from(bankNameMappings)
        .where(and(eq(bankNameMappings.ownerCustomerId, ownerCustomerId), isNull(bankNameMappings.deletedAt)));
    },

    /** Remembers a payer's customer (replacing an earlier choice) and maps the payer's open lines to it. */
    async saveMapping(
      m: {
        ownerCustomerId: number;
        payerName: string;
        payerIban: string | null;
        customerId: number;
        createdBy: number;
        at: Date;
      },
      tx: Tx,
    ) {
      const matchKey = m.payerIban ? `iban:${m.payerIban}` : `name:${nameKey(m.payerName)}`;
      await tx
        .insert(bankNameMappings)
        .values({
          ownerCustomerId: m.ownerCustomerId,
          matchKey,
          payerName: m.payerName,
          payerIban: m.payerIban,
          customerId: m.customerId,
          createdBy: m.createdBy,
          createdAt: m.at,
        })
        .onConflictDoUpdate({
          target: [bankNameMappings.ownerCustomerId, bankNameMappings.matchKey],
          targetWhere: isNull(bankNameMappings.deletedAt),
          set: { customerId: m.customerId, payerName: m.payerName, createdBy: m.createdBy, createdAt: m.at },
        });
      // A name mapping applies to lines whose IBAN has no mapping of its own.
      const payer = m.payerIban
        ? eq(bankRecords.payerIban, m.payerIban)
        : and(
            sql`${payerNameKey} = ${nameKey(m.payerName)}`,
            sql`not exists (select 1 from ${bankNameMappings} im where im.owner_customer_id = ${m.ownerCustomerId}
              and im.deleted_at is null and im.match_key = 'iban:' || bank_records.payer_iban)`,
          );
      await tx
        .update(bankRecords)
        // A possible duplicate gets its customer but stays one until confirmed.
        .set({
          customerId: m.customerId,
          status: sql`case when ${bankRecords.status} = 'duplicate' then 'duplicate' else 'new' end`,
          errorCode: null,
        })
        .where(
          and(
            eq(bankRecords.ownerCustomerId, m.ownerCustomerId),
            inArray(bankRecords.status, ['new', 'failed', 'duplicate']),
            eq(bankRecords.direction, 'credit'),
            isNull(bankRecords.deletedAt),
            payer,
          ),
        );
    },

    async findMappingsPage(ownerCustomerId: number, q: { page: number; limit: number; search?: string }) {
      const where = and(
        eq(bankNameMappings.ownerCustomerId, ownerCustomerId),
        isNull(bankNameMappings.deletedAt),
        q.search
          ? or(
              ilike(bankNameMappings.payerName, likePattern(q.search)),
              ilike(customers.name, likePattern(q.search)),
              ilike(bankNameMappings.payerIban, likePattern(q.search.replace(/\s/g, ''))),
            )
          : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [items, [total]] = await Promise.all([
        db
          .select({
            id: bankNameMappings.id,
            payerName: bankNameMappings.payerName,
            payerIban: bankNameMappings.payerIban,
            customerId: bankNameMappings.customerId,
            customerName: customers.name,
            createdAt: bankNameMappings.createdAt,
          })
          .from(bankNameMappings)
          .innerJoin(customers, eq(customers.id, bankNameMappings.customerId))
          .where(where)
          .orderBy(asc(bankNameMappings.payerName), asc(bankNameMappings.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(bankNameMappings)
          .innerJoin(customers, eq(customers.id, bankNameMappings.customerId))
          .where(where),
      ]);
      return { items, total: total!.n }; // count() answers one row
    },

    async findMapping(ownerCustomerId: number, id: number) {
      const rows = await db
        .select({ id: bankNameMappings.id, customerId: bankNameMappings.customerId })
        .from(bankNameMappings)
        .where(
          and(
            eq(bankNameMappings.id, id),
            eq(bankNameMappings.ownerCustomerId, ownerCustomerId),
            isNull(bankNameMappings.deletedAt),
          ),
        );
      return rows[0];
    },

    /** Forgets a mapping; lines already mapped through it keep their customer. */
    async deleteMapping(id: number, at: Date) {
      await db.update(bankNameMappings).set({ deletedAt: at }).where(eq(bankNameMappings.id, id));
    },
  };
}
