import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { TestContext } from '../../../test/harness.ts';
import { externalIdOf } from './provider-sale-flow.ts';

/** The entries of one provider sale (by its provider and transaction key) and each account's net movement in them. */
export async function providerLedgerOf(ctx: TestContext, provider: string, key: string) {
  const reference = `${provider}:${externalIdOf(key)}`;
  const kinds = await ctx.db.execute<{ kind: string }>(
    sql`select kind from journal_entries where reference = ${reference} order by id`,
  );
  const lines = await ctx.db.execute<{ customer_id: number; account: string; net: string }>(sql`
    select l.customer_id, l.account, sum(l.amount)::text as net from ledger_lines l
    join journal_entries e on e.id = l.entry_id where e.reference = ${reference}
    group by l.customer_id, l.account`);
  const net = (customerId: number, account: string) =>
    new Decimal(lines.rows.find((r) => r.customer_id === customerId && r.account === account)?.net ?? 0).toFixed(2);
  /** The accounts among `pairs` that moved at all, with their net (a released or refunded sale moves none). */
  const moved = (pairs: ReadonlyArray<readonly [number, string]>) =>
    pairs.filter(([c, a]) => net(c, a) !== '0.00').map(([c, a]) => `${c} ${a} ${net(c, a)}`);
  return { kinds: kinds.rows.map((r) => r.kind), net, moved };
}

/** Every account a provider sale moves (decision 0080), for `moved`: a released or refunded sale nets none. */
export const providerSaleAccounts = (shop: number, reseller: number, platform: number) =>
  [
    [shop, 'balance'],
    [reseller, 'balance'],
    [reseller, 'sales_income'],
    [platform, 'revenue'],
    [platform, 'cost_of_sales'],
    [platform, 'supplier_payables'],
    [platform, 'provider_pending'],
  ] as const;

/** What a final provider sale nets on `providerSaleAccounts`: the shop pays S, its reseller R, the provider costs C. */
export const finalSaleNets = (
  shop: number,
  reseller: number,
  platform: number,
  p: { s: string; r: string; cost: string },
) => [
  `${shop} balance -${p.s}`,
  `${reseller} balance -${p.r}`,
  `${reseller} sales_income ${p.s}`,
  `${platform} revenue ${p.r}`,
  `${platform} cost_of_sales ${p.cost}`,
  `${platform} supplier_payables -${p.cost}`,
];

/**
 * Asks a sale's status call every 100 ms, for up to 20 s, until the sale is `status`, as the seller's screen does;
 * `read` answers the sale as the call shows it.
 */
export async function untilStatus<T extends { status: string }>(
  what: string,
  status: string,
  read: () => Promise<T>,
): Promise<T> {
  let seen: T | undefined;
  // By the clock, not by count: on a loaded machine the status job runs late, and each read takes longer.
  for (const deadline = Date.now() + 40_000; Date.now() < deadline; ) {
    seen = await read();
    if (seen.status === status) return seen;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} never became ${status}: ${JSON.stringify(seen)}`);
}
