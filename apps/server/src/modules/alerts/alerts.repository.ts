import { NOTICE_KINDS, type NoticeKind } from '@portal/contract/alerts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { notices } from '../../db/schema/alerts.ts';
import { availableUpToThreshold } from '../../db/scopes.ts';
import { ALERTS_SCAN_LOCK } from '../../db/sql.ts';

export type LowStockRow = {
  configuration_id: number;
  owner_customer_id: number;
  owner_email: string | null;
  /** The language of the owner's main account, which its mail is written in (settings; null: the default). */
  owner_language: string | null;
  product_id: number;
  product_name: string;
  value: string;
  available: number;
  threshold: number;
};

/**
 * The kinds a scan raises (a provider alert is raised by the sale that was refused, decision 0080; a failed invoice
 * mail by the mail job, decision 0092; a reclamation's by its filing and its moves).
 */
export type ScannedKind = Exclude<NoticeKind, 'provider_alert' | 'invoice_mail_failed' | 'reclamation'>;

/**
 * Below this a reseller without a trigger of its own is low (EUR): enough for a few sales of its shops, so the
 * notice comes before its first refused sale, and at that refusal at the latest.
 */
export const RESELLER_LOW_BALANCE = '50.00';

/** Where each kind keeps the crossings told about: one row per subject while it stays low (decision 0099). */
const CROSSINGS: Record<ScannedKind, { table: string; key: string }> = {
  low_stock: { table: 'low_stock_alerts', key: 'configuration_id' },
  low_balance: { table: 'low_balance_alerts', key: 'customer_id' },
};

export type LowBalanceRow = {
  customer_id: number;
  /** 2 a shop, 1 a reseller (whose "reseller_id" is its platform). */
  account_role: number;
  customer_name: string;
  reseller_id: number;
  balance: string;
  trigger: string;
  notice: 'none' | 'email' | 'sms';
  sms_sender_id: string | null;
  email: string | null;
  mobile: string | null;
  /** The language of the shop's main account, which its message is written in (settings; null: the default). */
  language: string | null;
};

export function createAlertsRepository(db: Db) {
  return {
    /** Every active denomination of every owner that has fewer PINs for sale than its threshold. */
    async findLowStock(tx: Tx = db): Promise<LowStockRow[]> {
      const { rows } = await tx.execute<LowStockRow>(sql`
        select c.id as configuration_id, p.owner_customer_id, p.id as product_id, p.product_name, c.value,
          n.available, c.low_stock_threshold as threshold,
          -- The customer's own address, else its first active main account's; in its main account's language.
          coalesce(o.email, (
            select u.email from users u
            where u.customer_id = o.id and u.internal_role = 0 and u.is_active and u.email is not null
            order by u.id limit 1
          )) as owner_email,
          m.language as owner_language
        from product_configurations c
        join products p on p.id = c.product_id
        join customers o on o.id = p.owner_customer_id
        left join lateral (
          select u.settings->>'language' as language from users u
          where u.customer_id = o.id and u.internal_role = 0 and u.is_active
          order by u.id limit 1
        ) m on true
        ${availableUpToThreshold}
        where c.is_active and p.is_active and n.available < c.low_stock_threshold
        order by c.id`);
      return rows;
    },

    /** Ends the crossings of one kind whose subject is no longer low; answers how many ended. */
    /** Holds the kind's scan lock until the transaction ends. */
    async lockScan(kind: ScannedKind, tx: Tx): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${ALERTS_SCAN_LOCK}, ${NOTICE_KINDS.indexOf(kind)})`);
    },

    async clearRecovered(kind: ScannedKind, stillLow: number[], tx: Tx): Promise<number> {
      const { table, key } = CROSSINGS[kind];
      const { rows } = await tx.execute(
        // The ids as one array literal: drizzle would spread a JS array into a list of parameters.
        sql`delete from ${sql.identifier(table)}
            where not (${sql.identifier(key)} = any(${`{${stillLow.join(',')}}`}::int[])) returning 1`,
      );
      return rows.length;
    },

    /**
     * Resolves the open notices of a kind whose subject is no longer low, in the scan's transaction: every such
     * notice, not only those of the crossings this scan ended, so one a crash left open is resolved by the next scan.
     */
    async resolveRecovered(kind: ScannedKind, stillLow: number[], now: Date, tx: Tx): Promise<number> {
      const { rows } = await tx.execute(
        sql`update notices set resolved_at = ${now}
            where kind = ${kind} and resolved_at is null and subject_id is not null
              and not (subject_id = any(${`{${stillLow.join(',')}}`}::int[])) returning 1`,
      );
      return rows.length;
    },

    /** Claims the crossing of one subject (a denomination, a shop); false when it was already told about. */
    async claimCrossing(kind: ScannedKind, subjectId: number, now: Date, tx: Tx): Promise<boolean> {
      const { table, key } = CROSSINGS[kind];
      const { rows } = await tx.execute(
        sql`insert into ${sql.identifier(table)} (${sql.identifier(key)}, raised_at) values (${subjectId}, ${now})
            on conflict do nothing returning 1`,
      );
      return rows.length > 0;
    },

    /**
     * Shops whose balance is below their trigger with no auto-credit request still pending: the crossing ended
     * without a top-up (auto-credit off, or skipped at the credit limit). With the shop's main account's contacts.
     */
    async findLowBalance(tx: Tx = db): Promise<LowBalanceRow[]> {
      const { rows } = await tx.execute<LowBalanceRow>(sql`
        select s.id as customer_id, s.name as customer_name, s.parent_id as reseller_id, w.balance,
          s.account_role,
          coalesce(s.balance_trigger, ${RESELLER_LOW_BALANCE}::numeric) as trigger,
          s.low_balance_notice as notice, s.sms_sender_id,
          coalesce(s.email, u.email) as email, u.mobile, u.language
        from customers s
        join wallets w on w.customer_id = s.id
        left join lateral (
          select u.email, u.mobile, u.settings->>'language' as language from users u
          where u.customer_id = s.id and u.internal_role = 0 and u.is_active
          order by u.id limit 1
        ) u on true
        where ((s.account_role = 2 and s.balance_trigger is not null and w.balance < s.balance_trigger)
            -- A reseller is low below its own trigger, or below RESELLER_LOW_BALANCE without one (decision 0099).
            or (s.account_role = 1 and w.balance < coalesce(s.balance_trigger, ${RESELLER_LOW_BALANCE}::numeric)))
          and not exists (
            select 1 from auto_credit_requests r where r.customer_id = s.id and r.status = 'pending'
          )
        order by s.id`);
      return rows;
    },

    async insertNotice(
      n: {
        customerId: number;
        kind: string;
        subjectId: number;
        params: Record<string, string | number>;
        link: string;
        now: Date;
      },
      tx: Tx,
    ): Promise<number> {
      const [row] = await tx
        .insert(notices)
        .values({
          customerId: n.customerId,
          kind: n.kind,
          subjectId: n.subjectId,
          params: n.params,
          link: n.link,
          createdAt: n.now,
        })
        .returning({ id: notices.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    /** The customer's newest unresolved notices of the given kinds, and how many of those are unread. */
    async findNotices(customerId: number, kinds: string[], limit: number) {
      const mine = and(eq(notices.customerId, customerId), inArray(notices.kind, kinds), isNull(notices.resolvedAt));
      const [rows, [counted]] = await Promise.all([
        db.select().from(notices).where(mine).orderBy(desc(notices.id)).limit(limit),
        db
          .select({ unread: sql<number>`count(*)::int` })
          .from(notices)
          .where(and(mine, isNull(notices.readAt))),
      ]);
      const { unread } = counted!; // count() answers one row
      return { rows, unread };
    },

    /** Marks the customer's unread notices of the given kinds read: those of `ids`, or all. */
    async markRead(customerId: number, kinds: string[], ids: number[] | undefined, now: Date): Promise<number> {
      const marked = await db
        .update(notices)
        .set({ readAt: now })
        .where(
          and(
            eq(notices.customerId, customerId),
            inArray(notices.kind, kinds),
            isNull(notices.readAt),
            ids ? inArray(notices.id, ids) : undefined,
          ),
        )
        .returning({ id: notices.id });
      return marked.length;
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
