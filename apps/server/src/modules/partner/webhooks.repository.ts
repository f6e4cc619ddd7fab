import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { customers } from '../../db/schema/customers.ts';
import { partnerDeliveries, partnerWebhooks } from '../../db/schema/partner.ts';

export type DeliveryRecord = typeof partnerDeliveries.$inferSelect;

/** The tables events are derived from, each after its own cursor (decision 0097), in the order the job reads them. */
export const EVENT_SOURCES = ['sales', 'journal_entries', 'notices'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

const amount = (v: SQL) => sql`to_char(${v}, 'FM999999999990.00')`;
const utc = (v: SQL) => sql`to_char(${v} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Per source: its cursor column and the events of its rows with ids in (from, to], as rows of (id, customer_id,
 * type, key, data). Bodies carry ids and amounts, never PINs.
 */
const SOURCES: Record<EventSource, { cursor: string; events: (from: number, to: number) => SQL }> = {
  sales: {
    cursor: 'last_sale_id',
    events: (from, to) => sql`
      select s.id, s.customer_id, 'sale.completed' as type, 'sale:' || s.id as key,
        jsonb_build_object(
          'sale_id', s.id, 'kind', s.kind, 'configuration_id', s.configuration_id, 'product_id', s.product_id,
          'quantity', s.quantity, 'face_value', ${amount(sql`s.face_value`)},
          'unit_price', ${amount(sql`s.seller_price`)}, 'total_price', ${amount(sql`s.seller_price * s.quantity`)},
          'sold_by', u.username, 'sold_at', ${utc(sql`s.created_at`)}) as data
      from sales s join users u on u.id = s.user_id
      where s.id > ${from} and s.id <= ${to}`,
  },
  // Top-up finals (the entry that made a provider sale successful, failed or refunded) and credit top-ups.
  journal_entries: {
    cursor: 'last_entry_id',
    events: (from, to) => sql`
      select e.id, e.customer_id, t.type, 'topup:' || p.id || ':' || t.status as key,
        jsonb_build_object(
          'topup_id', p.id, 'status', t.status, 'product_id', p.product_id, 'product_name', p.product_name,
          'operator_name', p.operator_name, 'country_iso_code', p.country_iso_code, 'mobile_number', p.mobile_number,
          'face_value', trim_scale(p.face_value)::text, 'face_currency', p.face_currency, 'price', ${amount(sql`p.seller_price`)},
          'operator_reference', p.operator_reference, 'at', ${utc(sql`e.created_at`)}) as data
      from journal_entries e
      join (values ('provider_success', 'topup.completed', 'successful'), ('provider_release', 'topup.failed', 'failed'),
        ('provider_refund', 'topup.refunded', 'refunded')) as t (kind, type, status) on t.kind = e.kind
      join provider_sales p on p.customer_id = e.customer_id
        and e.id = case when e.kind = 'provider_refund' then p.refund_entry_id else p.final_entry_id end
      where e.id > ${from} and e.id <= ${to}
      union all
      select e.id, e.customer_id, 'credit.booked', 'credit:' || e.id,
        jsonb_build_object(
          'entry_id', e.id, 'kind', e.kind, 'amount', ${amount(sql`l.amount`)},
          'balance_after', ${amount(sql`l.balance_after`)}, 'booked_at', ${utc(sql`e.created_at`)})
      from journal_entries e
      join ledger_lines l on l.entry_id = e.id and l.customer_id = e.customer_id and l.account = 'balance'
      where e.kind in ('credit_topup', 'auto_credit') and e.id > ${from} and e.id <= ${to}`,
  },
  // The shop's own low-balance notice (the alerts job's, decision 0099); its reseller's copy goes to no shop.
  notices: {
    cursor: 'last_notice_id',
    events: (from, to) => sql`
      select n.id, n.customer_id, 'balance.low' as type, 'balance_low:' || n.id as key,
        jsonb_build_object(
          'notice_id', n.id, 'balance', ${amount(sql`(n.params->>'balance')::numeric`)},
          'trigger', ${amount(sql`(n.params->>'trigger')::numeric`)}, 'at', ${utc(sql`n.created_at`)}) as data
      from notices n
      where n.kind = 'low_balance' and n.id > ${from} and n.id <= ${to}`,
  },
};

/** Webhook secrets, the event cursor and the delivery log of the partner API (decision 0097). */
export function createWebhooksRepository(db: Db) {
  return {
    async findSecret(customerId: number) {
      const rows = await db.select().from(partnerWebhooks).where(eq(partnerWebhooks.customerId, customerId));
      return rows[0];
    },

    async saveSecret(customerId: number, secretCiphertext: string, at: Date, by: number) {
      await db
        .insert(partnerWebhooks)
        .values({ customerId, secretCiphertext, rotatedAt: at, rotatedBy: by })
        .onConflictDoUpdate({
          target: partnerWebhooks.customerId,
          set: { secretCiphertext, rotatedAt: at, rotatedBy: by },
        });
    },

    /**
     * Derives the events of one source's rows after its cursor up to `upTo` (at most `limit` ids) for shops with
     * their API on, a callback URL and a secret, and moves the cursor, in one transaction: a crash leaves both as they
     * were, and the event's unique key keeps a second run from adding it twice. A source's first run starts at its
     * newest row, so switching webhooks on never sends the past. Returns the new deliveries.
     */
    async deriveEvents(source: EventSource, upTo: number, limit: number, now: Date): Promise<number[]> {
      const { cursor, events } = SOURCES[source];
      const column = sql.identifier(cursor);
      const table = sql.identifier(source);
      return db.transaction(async (tx) => {
        await tx.execute(sql`insert into partner_event_cursor (id, last_sale_id)
          select 1, coalesce(max(id), 0) from sales on conflict (id) do nothing`);
        const { rows } = await tx.execute<{ last_id: string | null }>(
          sql`select ${column} as last_id from partner_event_cursor where id = 1 for update`,
        );
        const cursorRow = rows[0]!; // the row exists: inserted just above when it was missing
        if (cursorRow.last_id === null) {
          await tx.execute(sql`update partner_event_cursor
            set ${column} = (select coalesce(max(id), 0) from ${table}) where id = 1`);
          return [];
        }
        const from = Number(cursorRow.last_id);
        const to = Math.min(upTo, from + limit);
        if (to <= from) return [];
        const inserted = await tx.execute<{ id: string }>(sql`
          insert into partner_deliveries (customer_id, event_type, event_key, payload, status, next_attempt_at, created_at)
          select ev.customer_id, ev.type, ev.key,
            jsonb_build_object('id', ev.key, 'type', ev.type, 'created_at', ${now.toISOString()}::text, 'data', ev.data),
            'pending', ${now}, ${now}
          from (${events(from, to)}) ev
          join customers c on c.id = ev.customer_id
          join partner_webhooks w on w.customer_id = ev.customer_id
          where c.account_role = 2 and c.api_enabled and c.api_callback_url is not null
          order by ev.id
          on conflict (customer_id, event_key) do nothing
          returning id`);
        await tx.execute(sql`update partner_event_cursor set ${column} = ${to} where id = 1`);
        return inserted.rows.map((r) => Number(r.id));
      });
    },

    /** A delivery with where it goes now: the shop's current callback URL and secret, while its API is on. */
    async findForSending(id: number) {
      const rows = await db
        .select({
          delivery: partnerDeliveries,
          callbackUrl: customers.apiCallbackUrl,
          apiEnabled: customers.apiEnabled,
          secretCiphertext: partnerWebhooks.secretCiphertext,
        })
        .from(partnerDeliveries)
        .innerJoin(customers, eq(customers.id, partnerDeliveries.customerId))
        .leftJoin(partnerWebhooks, eq(partnerWebhooks.customerId, partnerDeliveries.customerId))
        .where(eq(partnerDeliveries.id, id));
      return rows[0];
    },

    /** An attempt's outcome; only when no other run recorded this attempt first (`attempts` as read). */
    async recordAttempt(
      id: number,
      attemptsBefore: number,
      a: Pick<
        DeliveryRecord,
        'status' | 'nextAttemptAt' | 'lastAttemptAt' | 'lastStatusCode' | 'lastError' | 'deliveredAt'
      >,
    ) {
      const rows = await db
        .update(partnerDeliveries)
        .set({ ...a, attempts: attemptsBefore + 1 })
        .where(and(eq(partnerDeliveries.id, id), eq(partnerDeliveries.attempts, attemptsBefore)))
        .returning({ id: partnerDeliveries.id });
      return rows.length > 0;
    },

    async findPage(customerId: number, p: { limit: number; offset: number }) {
      const [items, total] = await Promise.all([
        db
          .select()
          .from(partnerDeliveries)
          .where(eq(partnerDeliveries.customerId, customerId))
          .orderBy(desc(partnerDeliveries.id))
          .limit(p.limit)
          .offset(p.offset),
        db.$count(partnerDeliveries, eq(partnerDeliveries.customerId, customerId)),
      ]);
      return { items, total };
    },

    /** "Send again": the delivery is due now with a fresh set of attempts. Undefined for another shop's. */
    async resend(customerId: number, id: number, now: Date) {
      const rows = await db
        .update(partnerDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now, deliveredAt: null })
        .where(and(eq(partnerDeliveries.id, id), eq(partnerDeliveries.customerId, customerId)))
        .returning();
      return rows[0];
    },

    /** Pending deliveries whose job should have run long ago (lost with a crashed queue), to queue again. */
    async findOverdue(before: Date, limit: number) {
      const rows = await db
        .select({ id: partnerDeliveries.id, attempts: partnerDeliveries.attempts })
        .from(partnerDeliveries)
        .where(and(eq(partnerDeliveries.status, 'pending'), lt(partnerDeliveries.nextAttemptAt, before)))
        .limit(limit);
      return rows;
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
