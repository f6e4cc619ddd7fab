import type { CreditLogRow, DynamicBalance, LedgerRow, MoneyListBody } from '@portal/contract/credit';
import type { Language } from '@portal/contract/limits';
import { LIMITS } from '@portal/contract/limits';
import { ROLE } from '@portal/contract/roles';
import { KIND_OF_PROVIDER } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { bit, offsetOf } from '../../platform/envelope.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { ExportFormat } from '../../platform/export-file.ts';
import { ownCustomer } from './credit.access.ts';
import type { CreditRepository } from './credit.repository.ts';
import { creditLogExport, ledgerExport } from './ledger-export.ts';
import type { LedgerViewsRepository, LineFilter } from './ledger-views.repository.ts';

const EXPORT_MAX_ROWS = 10_000;
const fixed2 = (v: Decimal.Value | null | undefined) => new Decimal(v ?? '0').toFixed(2);

/** What the ledger shows: balances, wallet histories, ledgers, credit logs and the auto-credit ledger. */
export function createLedgerViewsService(deps: {
  repo: Pick<CreditRepository, 'findWallet' | 'findVisibleCustomer'>;
  views: LedgerViewsRepository;
}) {
  const { repo, views } = deps;

  async function getBalance(actor: Actor): Promise<DynamicBalance> {
    const w = await repo.findWallet(actor.customerId);
    if (!w) throw notFound('Wallet');
    return {
      balance: fixed2(w.balance),
      outstanding_credit: fixed2(w.outstandingCredit),
      credit_limit: fixed2(w.creditLimit),
      currency: 'EUR',
    };
  }

  const pageOf = (q: { page: number; limit?: number }) => {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    return { ...p, offset: offsetOf(p) };
  };
  const filtersOf = (q: MoneyListBody) => ({ ...q.filters, ...pick(q, ['customer_id', 'from', 'to', 'kind']) });

  function lineRow(r: Awaited<ReturnType<LedgerViewsRepository['findLines']>>['items'][number]): LedgerRow {
    return {
      ...r,
      created_at: r.created_at.toISOString(),
      amount: fixed2(r.amount),
      balance_after: r.balance_after === null ? null : fixed2(r.balance_after),
      provider_sale: providerSaleOf(r.provider_sale),
    };
  }

  /**
   * The wallet history of the actor's own customer or of one of its customers: every movement of the
   * balance with the balance after it.
   */
  async function findWalletHistory(actor: Actor, q: MoneyListBody) {
    const f = filtersOf(q);
    const filter = await walletFilter(actor, q);
    const p = pageOf(q);
    const { items, total } = await views.findLines(filter, p);
    return { items: items.map(lineRow), total, page: p, applied: { ...f, customer_id: filter.customerId } };
  }

  /** The wallet history's lines: the balance of the actor's own customer or of one of its customers. */
  async function walletFilter(actor: Actor, q: MoneyListBody): Promise<LineFilter> {
    const f = filtersOf(q);
    const customerId = f.customer_id ?? actor.customerId;
    if (customerId !== actor.customerId) await ownCustomer(repo, actor, customerId);
    return { customerId, accounts: ['balance'], kind: f.kind, from: f.from, to: f.to };
  }

  /** The own ledger's lines; a reseller needs has_credit_and_balance, a seller's staff see their own entries. */
  function ownFilter(actor: Actor, q: MoneyListBody): LineFilter {
    if (actor.account_role === ROLE.reseller && actor.flags.has_credit_and_balance !== 1) throw forbidden();
    const f = filtersOf(q);
    const staffOnly = actor.account_role === ROLE.seller && actor.internal_role === 1;
    return {
      customerId: actor.customerId,
      kind: f.kind,
      from: f.from,
      to: f.to,
      createdBy: staffOnly ? actor.userId : undefined,
    };
  }

  /** A customer ledger's lines: balance and credit of one of the actor's customers. */
  async function customerFilter(actor: Actor, q: MoneyListBody): Promise<LineFilter> {
    if (q.customer_id === undefined) throw forbidden();
    await ownCustomer(repo, actor, q.customer_id);
    const f = filtersOf(q);
    return { customerId: q.customer_id, accounts: ['balance', 'credit'], kind: f.kind, from: f.from, to: f.to };
  }

  /**
   * A ledger screen's lines as a file (CSV or XLSX in the reader's language), oldest first and bounded: the same
   * lines the screen lists with the same filters and the same checks (`which` names the screen's list).
   */
  async function exportLines(
    actor: Actor,
    which: 'wallet' | 'own' | 'customer',
    q: MoneyListBody,
    o: { format: ExportFormat; language: Language },
  ) {
    const { filter, name } =
      which === 'wallet'
        ? { filter: await walletFilter(actor, q), name: 'wallet-history' }
        : which === 'own'
          ? { filter: ownFilter(actor, q), name: 'ledger' }
          : { filter: await customerFilter(actor, q), name: 'customer-ledger' };
    const rows = await views.findAllLines(filter, EXPORT_MAX_ROWS);
    return ledgerExport({
      rows: rows.map(lineRow),
      format: o.format,
      language: o.language,
      name: filter.customerId === actor.customerId ? name : `${name}-${filter.customerId}`,
      showCustomer: false,
    });
  }

  /**
   * `/admin/ledger` and the seller's ledger: every line on the actor's own customer's accounts. Staff
   * of a seller (internal_role 1) see only the entries they made themselves.
   */
  async function findOwnLedger(actor: Actor, q: MoneyListBody) {
    const filter = ownFilter(actor, q);
    const f = filtersOf(q);
    const p = pageOf(q);
    const { items, total } = await views.findLines(filter, p);
    return { items: items.map(lineRow), total, page: p, applied: pick(f, ['from', 'to', 'kind']) };
  }

  /** `/admin/customer-ledger`: the balance and credit lines of one of the actor's customers. */
  async function findCustomerLedger(actor: Actor, q: MoneyListBody & { customer_id: number }) {
    const filter = await customerFilter(actor, q);
    const f = filtersOf(q);
    const p = pageOf(q);
    const { items, total } = await views.findLines(filter, p);
    return { items: items.map(lineRow), total, page: p, applied: { ...f, customer_id: q.customer_id } };
  }

  /** The credit log's filters as the repository takes them (the customer is checked there against the viewer). */
  const creditLogFilter = (q: MoneyListBody): LineFilter => {
    const f = filtersOf(q);
    return { customerId: f.customer_id, kind: f.kind, from: f.from, to: f.to };
  };

  function creditLogRow(
    r: Awaited<ReturnType<LedgerViewsRepository['findCreditLogs']>>['items'][number],
  ): CreditLogRow {
    return {
      entry_id: r.entry_id,
      created_at: r.created_at.toISOString(),
      kind: r.kind as CreditLogRow['kind'],
      customer_id: r.customer_id,
      customer_name: r.customer_name,
      // A top-up reaches the balance in full; a payment splits between credit settled and balance.
      amount: fixed2(r.kind === 'payment' ? new Decimal(r.to_balance).plus(r.to_credit) : r.to_balance),
      settled_credit: fixed2(r.kind === 'payment' ? r.to_credit : 0),
      method: r.method,
      reference: r.reference,
      memo: r.memo,
      created_by: r.created_by,
    };
  }

  /** `/customer/credit/history`: the credit top-ups, payments and auto-credits of the actor's customers. */
  async function findCreditLogs(actor: Actor, q: MoneyListBody) {
    const p = pageOf(q);
    const { items, total } = await views.findCreditLogs(actor, creditLogFilter(q), p);
    return { items: items.map(creditLogRow), total, page: p, applied: filtersOf(q) };
  }

  /**
   * The credit log as a file (CSV or XLSX in the reader's language): the same rows under the same rule and filters
   * as the list, the newest EXPORT_MAX_ROWS written oldest first like every ledger export.
   */
  async function exportCreditLogs(actor: Actor, q: MoneyListBody, o: { format: ExportFormat; language: Language }) {
    const { items } = await views.findCreditLogs(actor, creditLogFilter(q), { limit: EXPORT_MAX_ROWS, offset: 0 });
    return creditLogExport({ rows: items.map(creditLogRow).reverse(), format: o.format, language: o.language });
  }

  async function findAutoCreditLedger(actor: Actor, q: { page: number; limit?: number; customer_id?: number }) {
    if (q.customer_id) await ownCustomer(repo, actor, q.customer_id);
    const p = pageOf(q);
    const { items, total } = await views.findAutoCreditLedger(actor, q.customer_id, p);
    return {
      items: items.map((r) => ({
        ...r,
        created_at: r.created_at.toISOString(),
        settled_at: r.settled_at?.toISOString() ?? null,
        balance_before: fixed2(r.balance_before),
        balance_trigger: fixed2(r.balance_trigger),
        requested: fixed2(r.requested),
        granted: r.granted === null ? null : fixed2(r.granted),
      })),
      total,
      page: p,
      applied: q.customer_id ? { customer_id: q.customer_id } : {},
    };
  }

  async function searchCustomers(actor: Actor, q: { search_text: string; limit: number }) {
    const rows = await views.searchCustomers(actor, q.search_text.trim(), q.limit);
    return rows.map((r) => ({
      ...r,
      is_active: bit(r.is_active),
      balance: fixed2(r.balance),
      outstanding_credit: fixed2(r.outstanding_credit),
    }));
  }

  return {
    getBalance,
    findWalletHistory,
    exportLines,
    findOwnLedger,
    findCustomerLedger,
    findCreditLogs,
    exportCreditLogs,
    findAutoCreditLedger,
    searchCustomers,
  };
}
export type LedgerViewsService = ReturnType<typeof createLedgerViewsService>;

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** A provider sale's entry names its sale by id and kind; a provider no kind is known for links nowhere. */
function providerSaleOf(p: { id: number; provider: string } | null): LedgerRow['provider_sale'] {
  const kind = p && KIND_OF_PROVIDER[p.provider];
  return p && kind ? { id: p.id, kind } : null;
}
