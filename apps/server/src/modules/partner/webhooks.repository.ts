import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { customers } from '../../db/schema/customers.ts';
import { partnerDeliveries, partnerWebhooks } from '../../db/schema/partner.ts';

export type DeliveryRecord = typeof partnerDeliveries.$inferSelect;

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
     * Derives `sale.completed` events of the sales after the cursor up to `upTo` (at most `limit` ids) for shops with
     * their API on, a callback URL and a secret, and moves the cursor, in one transaction: a crash leaves both as they
     * were, and the event's unique key keeps a second run from adding it twice. The first run starts at the newest
     * sale, so switching webhooks on never sends the past. Returns the new deliveries.
     */
    async deriveSaleEvents(upTo: number, limit: number, now: Date): Promise<number[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`insert into partner_event_cursor (id, last_sale_id)
          select 1, coalesce(max(id), 0) from sales on conflict (id) do nothing`);
        const { rows } = await tx.execute<{ last_sale_id: string }>(
          sql`select last_sale_id from partner_event_cursor where id = 1 for update`,
        );
        const from = Number(rows[0].last_sale_id);
        const to = Math.min(upTo, from + limit);
        if (to <= from) return [];
        const inserted = await tx.execute<{ id: string }>(sql`
          insert into partner_deliveries (customer_id, event_type, event_key, payload, status, next_attempt_at, created_at)
          select s.customer_id, 'sale.completed', 'sale:' || s.id,
            jsonb_build_object(
              'id', 'sale:' || s.id, 'type', 'sale.completed', 'created_at', ${now.toISOString()}::text,
              'data', jsonb_build_object(
                'sale_id', s.id, 'kind', s.kind, 'configuration_id', s.configuration_id, 'product_id', s.product_id,
                'quantity', s.quantity, 'face_value', to_char(s.face_value, 'FM999999999990.00'),
                'unit_price', to_char(s.seller_price, 'FM999999999990.00'),
                'total_price', to_char(s.seller_price * s.quantity, 'FM999999999990.00'),
                'sold_by', u.username, 'sold_at', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
            'pending', ${now}, ${now}
          from sales s
          join customers c on c.id = s.customer_id
          join partner_webhooks w on w.customer_id = s.customer_id
          join users u on u.id = s.user_id
          where s.id > ${from} and s.id <= ${to} and c.api_enabled and c.api_callback_url is not null
          on conflict (customer_id, event_key) do nothing
          returning id`);
        await tx.execute(sql`update partner_event_cursor set last_sale_id = ${to} where id = 1`);
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
