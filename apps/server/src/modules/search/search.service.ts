import { ROLE } from '@portal/contract/roles';
import { passesRule } from '@portal/contract/rules';
import { SCREENS, type ScreenPath } from '@portal/contract/screens';
import { SEARCH_HITS_PER_KIND, type SearchHit, type SearchKind } from '@portal/contract/search';
import type { Actor } from '../../platform/actor.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { FoundRecord, SearchRepository, SearchTerms } from './search.repository.ts';

const MAX_ID = 2_147_483_647;

/**
 * How the text is matched (decision 0063, "Find anything"): digits also as an id; a phone number written with
 * spaces, dashes or a leading 00 as the `+` number a top-up stores; the whole text as a PIN through its blind index.
 */
export function searchTerms(q: string, pinIndexes: (pin: string) => string[]): SearchTerms {
  const text = q.trim();
  const id = /^\d{1,10}$/.test(text) && Number(text) <= MAX_ID && Number(text) > 0 ? Number(text) : null;
  const compact = text.replace(/[\s\-/().]/g, '');
  const phone = /^(\+|00)[1-9]\d{5,14}$/.test(compact) ? `+${compact.replace(/^(\+|00)/, '')}` : null;
  return { text, id, phone, pinIndexes: pinIndexes(text), limit: SEARCH_HITS_PER_KIND };
}

const can = (actor: Actor, screen: ScreenPath) => passesRule(actor, SCREENS[screen]);
const withId = (screen: string, name: string, id: number) => screen.replace(`:${name}`, String(id));

/** The sales screen a role opens a sale on: the shop's own sales, or the operators' sales report. */
function salesScreen(actor: Actor): ScreenPath | null {
  if (can(actor, '/seller/sales')) return '/seller/sales';
  if (can(actor, '/reports-sales')) return '/reports-sales';
  return null;
}

/** The invoice screens (spec section 2): the operators' document views; a shop downloads from its lists. */
function invoiceTarget(actor: Actor, r: FoundRecord): { screen: ScreenPath; path: string } {
  const kind = r.invoice_kind ?? 'invoice';
  if (actor.account_role !== ROLE.seller) {
    const screen: ScreenPath =
      kind === 'credit_note'
        ? '/new/invoice-credit-note/:invoiceId'
        : kind === 'reclamation'
          ? '/new/invoice-reclamation/:invoiceId'
          : '/new/invoice/:invoiceId';
    return { screen, path: withId(screen, 'invoiceId', r.id) };
  }
  const month = (r.period_start ?? '').slice(0, 7);
  if (kind === 'invoice') return { screen: '/invoices-all', path: `/invoices-all?month=${month}` };
  return {
    screen: '/invoices-all-reclamation',
    path: `/invoices-all-reclamation?doc=${kind}&month=${month}`,
  };
}

/**
 * The header's search (issue 39): which kinds of record a caller may find is which screens it may open (the same
 * rules as the screens' guards), and which records of a kind is the scope those screens list (the repository's).
 */
export function createSearchService(deps: { repo: SearchRepository; pinCrypto: Pick<PinCrypto, 'indexes'> }) {
  const { repo, pinCrypto } = deps;

  async function search(actor: Actor, q: string): Promise<{ hits: SearchHit[] }> {
    const t = searchTerms(q, pinCrypto.indexes);
    const sales = salesScreen(actor);
    const customers = can(actor, '/customer/details/:customerId');
    const ownUsersScreen: ScreenPath | null = can(actor, '/user/edit/:userId')
      ? '/user/edit/:userId'
      : can(actor, '/seller/user/edit/:userId')
        ? '/seller/user/edit/:userId'
        : null;
    // Who reads received documents: a customer's managers, as the invoice lists (a shop's staff see only their sales).
    const receives =
      actor.internal_role === 0 &&
      (actor.account_role === ROLE.reseller ? can(actor, '/my-invoices-all') : can(actor, '/invoices-all'));
    const issues = can(actor, '/new/invoice/:invoiceId') && actor.account_role !== ROLE.seller;
    const reclamationScreen: ScreenPath | null = can(actor, '/reclaim-request/:reclaimId')
      ? '/reclaim-request/:reclaimId'
      : can(actor, '/seller-reclaim/:reclaimId')
        ? '/seller-reclaim/:reclaimId'
        : null;
    const banking = can(actor, '/banking-list');

    const none = Promise.resolve([] as FoundRecord[]);
    const [customerRows, userRows, saleRows, providerRows, invoiceRows, reclamationRows, bankRows] = await Promise.all([
      customers ? repo.customers(actor, t) : none,
      repo.users(actor, t, { ownUsers: ownUsersScreen !== null, customerUsers: customers }),
      sales ? repo.sales(actor, t) : none,
      sales ? repo.providerSales(actor, t) : none,
      repo.invoices(actor, t, { issued: issues, received: receives }),
      reclamationScreen ? repo.reclamations(actor, t) : none,
      banking ? repo.bankRecords(actor, t) : none,
    ]);

    const hit = (kind: SearchKind, r: FoundRecord, screen: ScreenPath, path: string): SearchHit => ({
      kind,
      id: r.id,
      label: r.label,
      detail: r.detail ?? null,
      match: r.match,
      amount: r.amount ?? null,
      at: r.at == null ? null : r.at instanceof Date ? r.at.toISOString() : String(r.at),
      screen,
      path,
    });
    const hits: SearchHit[] = [
      ...customerRows.map((r) =>
        hit(
          'customer',
          r,
          '/customer/details/:customerId',
          withId('/customer/details/:customerId', 'customerId', r.id),
        ),
      ),
      ...userRows.map((r) =>
        r.own && ownUsersScreen
          ? hit('user', r, ownUsersScreen, withId(ownUsersScreen, 'userId', r.id))
          : hit(
              'user',
              r,
              '/customer/details/:customerId',
              withId('/customer/details/:customerId', 'customerId', Number(r.customer_id)),
            ),
      ),
      ...(sales ? saleRows.map((r) => hit('sale', r, sales, `${sales}?sale=${r.id}`)) : []),
      ...(sales ? providerRows.map((r) => hit('provider_sale', r, sales, `${sales}?provider_sale=${r.id}`)) : []),
      ...invoiceRows.map((r) => {
        const target = invoiceTarget(actor, r);
        return hit('invoice', r, target.screen, target.path);
      }),
      ...(reclamationScreen
        ? reclamationRows.map((r) =>
            hit('reclamation', r, reclamationScreen, withId(reclamationScreen, 'reclaimId', r.id)),
          )
        : []),
      ...bankRows.map((r) =>
        hit('bank_record', r, '/banking-list', `/banking-list?search=${encodeURIComponent(t.text)}`),
      ),
    ];
    return { hits };
  }

  return { search };
}
export type SearchService = ReturnType<typeof createSearchService>;
