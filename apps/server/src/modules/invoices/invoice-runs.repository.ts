import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { invoiceRuns } from '../../db/schema/invoices.ts';
import type { IssuedKind } from './invoices.repository.ts';

/** An int[] parameter: drizzle would spread a JS array into a list of parameters. */
export const intArray = (ids: number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

/** Invoice runs and what they need to know (decision 0090); part of the invoices repository. */
export function createInvoiceRunsRepository(db: Db) {
  return {
    /** Every customer that issues invoices: the platform and the resellers. */
    async findIssuers(): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(
        sql`select id from customers where account_role in (0, 1) and is_active order by id`,
      );
      return rows.map((r) => r.id);
    },

    async insertRun(values: typeof invoiceRuns.$inferInsert): Promise<number> {
      const [row] = await db.insert(invoiceRuns).values(values).returning({ id: invoiceRuns.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async getRun(runId: number) {
      const [row] = await db.select().from(invoiceRuns).where(eq(invoiceRuns.id, runId));
      return row;
    },

    async updateRun(runId: number, values: Partial<typeof invoiceRuns.$inferInsert>) {
      await db.update(invoiceRuns).set(values).where(eq(invoiceRuns.id, runId));
    },

    /** A run's recipients whose month is held (its e-invoice could not be made). */
    async countHeld(issuerId: number, recipientIds: number[], periodStart: string, kind: IssuedKind): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from invoice_holds where issuer_customer_id = ${issuerId}
          and recipient_customer_id = any(${intArray(recipientIds)}) and period_start = ${periodStart}
          and kind = ${kind}`);
      return rows[0]!.n; // count(*) answers one row
    },

    /** Recipients of a run whose month was issued (in one or more parts), whoever issued it first. */
    async countIssued(
      issuerId: number,
      recipientIds: number[],
      periodStart: string,
      kind: IssuedKind = 'invoice',
    ): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`
        select count(distinct recipient_customer_id)::int as n from invoices where issuer_customer_id = ${issuerId}
          and recipient_customer_id = any(${intArray(recipientIds)}) and period_start = ${periodStart}
          and kind = ${kind}`);
      return rows[0]!.n; // count(*) answers one row
    },
  };
}
