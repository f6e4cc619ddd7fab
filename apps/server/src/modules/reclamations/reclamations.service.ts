import { LIMITS } from '@portal/contract/limits';
import {
  type PostReclamPinsBody,
  type ReclamationAction,
  type ReclamationDetails,
  type ReclamationParty,
  type ReclamationSummary,
  reclamationActions,
  reclamationMove,
  reclamationWaitsFor,
  type UpdateReclamationBody,
  type ViewReclamationsBody,
} from '@portal/contract/reclamations';
import { berlinToday } from '@portal/contract/report-periods';
import { ROLE } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor, Viewer } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { maskPin, type PinCrypto } from '../../platform/pin-crypto.ts';
import type { LedgerLineInput, LedgerService } from '../credit/ledger.service.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import type { ReclamationRecord, ReclamationsRepository } from './reclamations.repository.ts';

const m2 = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * Reclamations (decision 0091): filing, the moves of the contract's state machine, and the credit
 * note that refunds the reclaimed PINs through the ledger core at the prices paid, once.
 */
/** Which lists each role may open. */
const LIST_VIEWS_OF: Partial<Record<number, readonly ViewReclamationsBody['view'][]>> = {
  [ROLE.seller]: ['seller', 'reseller'],
  [ROLE.reseller]: ['seller', 'reseller'],
  [ROLE.superadmin]: ['seller', 'reseller', 'owner'],
};

export function createReclamationsService(deps: {
  db: Db;
  repo: ReclamationsRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
  invoices: Pick<InvoicesService, 'issueCreditNote' | 'findCreditNotesOf'>;
  pinCrypto: Pick<PinCrypto, 'indexes'>;
  clock: Clock;
}) {
  const { db, repo, ledger, invoices, pinCrypto, clock } = deps;

  /** The parties the caller is for this reclamation: the shop's reseller, the stock owner, both or none. */
  function partiesOf(actor: Viewer, r: Pick<ReclamationRecord, 'reseller_id' | 'owner_id'>): ReclamationParty[] {
    if (actor.account_role !== ROLE.superadmin && actor.account_role !== ROLE.reseller) return [];
    const parties: ReclamationParty[] = [];
    if (r.reseller_id === actor.customerId) parties.push('reseller');
    if (r.owner_id === actor.customerId) parties.push('owner');
    return parties;
  }

  async function getVisible(actor: Viewer, id: number): Promise<ReclamationRecord> {
    const r = await repo.get(id, actor);
    if (!r) throw notFound('Reclamation');
    return r;
  }

  function summaryOf(r: ReclamationRecord): ReclamationSummary {
    return {
      reclamation_id: r.id,
      status: r.status,
      reason: r.reason,
      reject_reason: r.reject_reason,
      requested_user: r.requested_user,
      transaction_date: iso(r.transaction_date),
      created_at: iso(r.created_at),
      shop_id: r.shop_id,
      shop_name: r.shop_name,
      sale_id: r.sale_id,
      product_name: r.product_name,
      value: m2(r.value),
      quantity: r.quantity,
      sale_kind: r.sale_kind,
      // A soft pin is the platform's goods, even when sold by a shop of the platform's own (no R).
      stock: r.sale_kind === 'softpin' || r.reseller_price !== null ? 'platform' : 'reseller',
      seller_amount: m2(new Decimal(r.seller_price).times(r.quantity)),
      credit_note_id: r.credit_note_id,
      credit_note_no: r.credit_note_no,
    };
  }

  async function detailsOf(actor: Viewer, r: ReclamationRecord): Promise<ReclamationDetails> {
    const operator = actor.account_role === ROLE.superadmin || actor.account_role === ROLE.reseller;
    const [pins, events, notes] = await Promise.all([
      repo.pinsOf(r.id),
      repo.eventsOf(r.id),
      invoices.findCreditNotesOf(r.id),
    ]);
    return {
      ...summaryOf(r),
      reseller_amount:
        operator && r.reseller_price !== null ? m2(new Decimal(r.reseller_price).times(r.quantity)) : null,
      pins: pins.map((p) => ({ pin_id: p.pin_id, pin_masked: maskPin(p.pin_hint, p.pin_length), serial: p.serial })),
      history: events.map((e) => ({
        action: e.action as ReclamationDetails['history'][number]['action'],
        status: e.status,
        user: e.user,
        at: iso(e.at),
      })),
      actions: reclamationActions(r.status, partiesOf(actor, r)),
      // A shop sees its own credit note only; the reseller's from the platform is between those two.
      credit_notes: notes
        .filter((n) => operator || n.id === r.credit_note_id)
        .map((n) => ({ ...n, gross_total: m2(n.gross_total) })),
    };
  }

  /**
   * `/api/post_reclam_pins/`: PINs of a sale of the shop (its staff: of their own sales), or one PIN by its
   * code. Each PIN can be reclaimed once (unique row per PIN); a PIN already claimed refuses the whole filing.
   */
  async function fileReclamation(actor: Actor, body: PostReclamPinsBody): Promise<ReclamationDetails> {
    let saleId: number;
    let pinIds: number[];
    if (body.soft_pin_sale_id !== undefined) return fileSoftPin(actor, body.soft_pin_sale_id, body.reason);
    if (body.pin !== undefined) {
      const index = pinCrypto.indexes(body.pin);
      const found = await repo.findSoldPin(index, actor);
      if (!found) {
        // Not a stock PIN of the caller's sales: a soft pin of them, by the same blind index (issue 37)?
        const soft = await repo.findSoldSoftPin(index, actor);
        if (!soft) throw notFound('PIN');
        return fileSoftPin(actor, soft.sale_id, body.reason);
      }
      saleId = found.sale_id;
      pinIds = [found.pin_id];
    } else {
      saleId = body.sale_id!;
      pinIds = [...new Set(body.pin_ids!)];
    }
    const id = await db.transaction(async (tx) => {
      const sale = await repo.findSale(saleId, actor, tx);
      if (!sale) throw notFound('Sale');
      const inSale = new Set(await repo.findSalePins(sale.id, pinIds, tx));
      const stranger = pinIds.find((p) => !inSale.has(p));
      if (stranger !== undefined) {
        throw new AppError('reclamation_pin_not_in_sale', `PIN ${stranger} is not part of sale ${sale.id}`, {
          params: { pin_id: stranger, sale_id: sale.id },
        });
      }
      const now = clock.now();
      const reclamationId = await repo.insert(
        {
          saleId: sale.id,
          shopCustomerId: sale.customer_id,
          resellerCustomerId: sale.reseller_id,
          ownerCustomerId: sale.owner_customer_id,
          filedBy: actor.userId,
          status: 'new',
          reason: body.reason,
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
      const [taken] = await repo.claimPins(reclamationId, pinIds, tx);
      if (taken !== undefined) {
        throw new AppError('reclamation_pin_taken', `PIN ${taken} has been reclaimed already`, {
          params: { pin_id: taken },
        });
      }
      await repo.insertEvent(
        { reclamationId, action: 'file', status: 'new', userId: actor.userId, createdAt: now },
        tx,
      );
      await repo.raiseNotice(reclamationId, 'reseller', now, tx);
      return reclamationId;
    });
    return detailsOf(actor, (await repo.get(id))!);
  }

  /**
   * A soft pin's claim (issue 37): the PIN its provider delivered, the platform the stock owner, so the claim takes
   * the same way as one on platform stock. A soft pin the provider refunded cannot be claimed (its money went back);
   * one that was never delivered has no PIN to claim. Under the sale's row lock, so a reversal settles before or
   * after, never beside it; the unique claim per soft pin is the database's guard.
   */
  async function fileSoftPin(actor: Actor, saleId: number, reason: string): Promise<ReclamationDetails> {
    const id = await db.transaction(async (tx) => {
      const sale = await repo.findSoftPinSale(saleId, actor, tx);
      if (!sale || (sale.status !== 'successful' && sale.status !== 'refunded')) throw notFound('Soft pin');
      if (sale.status === 'refunded') throw saleRefunded(sale.id);
      const now = clock.now();
      const reclamationId = await repo.insertSoftPin(
        {
          providerSaleId: sale.id,
          shopCustomerId: sale.customer_id,
          resellerCustomerId: sale.reseller_id,
          ownerCustomerId: sale.platform_id,
          filedBy: actor.userId,
          status: 'new',
          reason,
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
      if (reclamationId === null) {
        throw new AppError('reclamation_pin_taken', `Soft pin ${sale.id} has been reclaimed already`, {
          params: { pin_id: sale.id },
        });
      }
      await repo.insertEvent(
        { reclamationId, action: 'file', status: 'new', userId: actor.userId, createdAt: now },
        tx,
      );
      await repo.raiseNotice(reclamationId, 'reseller', now, tx);
      return reclamationId;
    });
    return detailsOf(actor, (await repo.get(id))!);
  }

  async function findReclamations(actor: Actor, body: ViewReclamationsBody) {
    // The shops' and the resellers' lists open for a seller, a reseller and the superadmin alike (spec section 2),
    // each with the claims it may see (`visibleReclamations`); the owner's list is the superadmin's (decision 0091).
    if (!LIST_VIEWS_OF[actor.account_role]?.includes(body.view)) throw forbidden();
    const p = { page: body.page, limit: body.limit ?? LIMITS.pageSize };
    const r = await repo.findPage(actor, body.status, p);
    return {
      items: r.items.map(summaryOf),
      total: r.total,
      page: p,
      applied: { view: body.view, status: body.status },
    };
  }

  async function getReclamation(actor: Actor, id: number) {
    return detailsOf(actor, await getVisible(actor, id));
  }

  /**
   * One move of the machine, under the reclamation's row lock so concurrent moves queue and the later ones
   * see the status the first left. Issuing the credit note posts the refund in the same transaction.
   */
  async function moveReclamation(actor: Actor, body: UpdateReclamationBody): Promise<ReclamationDetails> {
    const seen = await getVisible(actor, body.reclamation_id);
    const reason = body.reject_reason?.trim();
    if (body.action === 'reject' && !reason) {
      throw new AppError('reclamation_reason_required', 'A rejection needs its reason', {
        errors: [{ field: 'reject_reason', rule: 'required', message: 'reject_reason: required' }],
      });
    }
    await db.transaction(async (tx) => {
      const status = (await repo.lock(seen.id, tx))!;
      const move = reclamationMove(status, body.action);
      if (!move) throw invalidMove(status, body.action);
      if (!partiesOf(actor, seen).includes(move.by)) {
        throw new AppError('reclamation_wrong_party', `Only the ${move.by} may ${body.action} this reclamation`, {
          params: { action: body.action, party: move.by },
        });
      }
      const now = clock.now();
      if (move.action === 'issue_credit_note') await refund(tx, actor, seen);
      await repo.setStatus(seen.id, move.to, move.action === 'reject' ? reason! : null, now, tx);
      await repo.insertEvent(
        { reclamationId: seen.id, action: move.action, status: move.to, userId: actor.userId, createdAt: now },
        tx,
      );
      // The bell follows whose move it is: forwarded, the owner's; decided, nobody's (issue 40).
      const next = reclamationWaitsFor(move.to);
      if (next !== reclamationWaitsFor(move.from)) {
        await repo.resolveNotices(seen.id, now, tx);
        if (next) await repo.raiseNotice(seen.id, next, now, tx);
      }
    });
    return detailsOf(actor, (await repo.get(seen.id))!);
  }

  /**
   * The refund (DOMAIN.md: a reclamation credit note): shop balance +S×n from the reseller's sales income; for
   * platform stock (and a soft pin sold under a reseller) also reseller balance +R×n from the platform's revenue. The cost lines stay, the PINs do not
   * return to stock. One ledger entry through the ledger core, and one credit note per credited party.
   */
  async function refund(tx: Tx, actor: Actor, r: ReclamationRecord) {
    // A soft pin the provider reversed meanwhile refunded itself (provider-sale-settlement.ts): no second refund. Its row
    // lock makes a reversal arriving now wait until this credit note is committed, and then post nothing.
    if (r.sale_kind === 'softpin' && (await repo.lockProviderSale(r.sale_id, tx)) === 'refunded') {
      throw saleRefunded(r.sale_id);
    }
    const s = new Decimal(r.seller_price).times(r.quantity);
    const day = berlinToday(new Date(r.transaction_date));
    const line = {
      productId: r.product_id,
      configurationId: r.configuration_id,
      faceValue: r.value,
      // A soft pin has no product of ours: its line carries the sale's own name and VAT treatment.
      ...(r.sale_kind === 'softpin'
        ? { providerSale: { productName: r.product_name, vatTreatment: r.vat_treatment, vatRate: r.vat_rate } }
        : {}),
      soldAt: new Date(r.transaction_date),
    };
    const notes = [
      { issuerId: r.reseller_id, recipientId: r.shop_id, unitPrice: r.seller_price },
      ...(r.reseller_price === null
        ? []
        : [{ issuerId: r.owner_id, recipientId: r.reseller_id, unitPrice: r.reseller_price }]),
    ];
    // Counter rows in ascending issuer order, like wallets: two refunds never wait on each other crosswise.
    for (const n of [...notes].sort((a, b) => a.issuerId - b.issuerId)) {
      await invoices.issueCreditNote(
        tx,
        { issuerId: n.issuerId, recipientId: n.recipientId, reclamationId: r.id, day, createdBy: actor.userId },
        [{ ...line, unitPrice: n.unitPrice, quantity: r.quantity }],
      );
    }
    const lines: LedgerLineInput[] = [
      { customerId: r.shop_id, account: 'balance', amount: s },
      { customerId: r.reseller_id, account: 'sales_income', amount: s.negated() },
    ];
    if (r.reseller_price !== null) {
      const rr = new Decimal(r.reseller_price).times(r.quantity);
      lines.push(
        { customerId: r.reseller_id, account: 'balance', amount: rr },
        { customerId: r.owner_id, account: 'revenue', amount: rr.negated() },
      );
    }
    await ledger.postEntry(tx, {
      kind: 'credit_note',
      customerId: r.shop_id,
      actorCustomerId: actor.customerId,
      createdBy: actor.userId,
      reference: `reclamation:${r.id}`,
      memo: `Reclamation ${r.id}`,
      lines,
    });
  }

  return { fileReclamation, findReclamations, getReclamation, moveReclamation };
}
export type ReclamationsService = ReturnType<typeof createReclamationsService>;

const saleRefunded = (saleId: number) =>
  new AppError('reclamation_sale_refunded', `Soft pin ${saleId} was refunded by its provider`, {
    params: { sale_id: saleId },
  });

const invalidMove = (status: string, action: ReclamationAction) =>
  new AppError('reclamation_transition_invalid', `A reclamation in status ${status} cannot ${action}`, {
    params: { status, action },
  });
