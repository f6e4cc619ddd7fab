import type { TopupStatus } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { LedgerLineInput, LedgerService } from '../credit/ledger.service.ts';
import { refundLines, releaseLines, reservationLines, type SaleMoney, successLines } from './provider-sale-money.ts';
import type { ProviderSalesRepository } from './provider-sales.repository.ts';

/** Called once per final status a sale reaches, inside the transaction that moves its money. */
export type FinalHook = (
  sale: { id: number; productId: number },
  status: 'successful' | 'failed' | 'refunded',
  tx: Tx,
) => Promise<void>;

/** What a provider said of a sale: its own status name, its transaction id and the operator's reference. */
export interface ProviderAnswer {
  statusName: string;
  id?: number;
  operator_reference?: string | null;
  /** DT One: until when a CREATED transaction (an offer) may be confirmed. */
  confirmation_expiration_date?: string | null;
  /** DT One: when it created the transaction, on its clock. */
  creation_date?: string;
}

/**
 * An offer's deadline on the portal's clock: DT One's time to confirm, counted from when the portal created the
 * sale (just before DT One created its transaction), so a difference between the two clocks never closes an offer
 * early or keeps it open late. Without DT One's creation date its deadline is taken as it is.
 */
function offerDeadline(t: ProviderAnswer, saleCreatedAt: Date): Date | null {
  if (!t.confirmation_expiration_date) return null;
  const end = Date.parse(t.confirmation_expiration_date);
  const start = t.creation_date ? Date.parse(t.creation_date) : Number.NaN;
  return Number.isNaN(start) ? new Date(end) : new Date(saleCreatedAt.getTime() + (end - start));
}

/**
 * The money of a provider sale, each move in one short database transaction through the ledger core: the
 * reservation when it is sent, and the entry each later status change needs (decision 0080).
 */
export function createProviderSaleSettlement(deps: {
  db: Db;
  repo: ProviderSalesRepository;
  ledger: Pick<LedgerService, 'postEntry'>;
  clock: Clock;
  provider: string;
  /** The provider's own status names as the spec's results. */
  statusOf: (providerStatus: string) => TopupStatus;
  /** What else follows the sale's final status, in the settlement's transaction (a bus booking's own status). */
  onFinal?: FinalHook;
  /**
   * Whether the sale's money went back by another way before the provider reversed it (a soft pin's reclamation
   * credit note, decision 0091): the reversal is recorded, no second refund posted.
   */
  refundedElsewhere?: (saleId: number, tx: Tx) => Promise<boolean>;
}) {
  const { db, repo, ledger, clock, provider: PROVIDER, statusOf } = deps;
  const onFinal: FinalHook = deps.onFinal ?? (async () => undefined);

  /**
   * The reservation through the ledger core. A refusal says whose balance is short: the shop's, or its
   * reseller's for platform goods (the same codes as the purchase).
   */
  async function reserve(tx: Tx, money: SaleMoney, e: { createdBy: number; reference: string; memo: string }) {
    try {
      // A nested transaction is a savepoint: a refused posting is rolled back to it and the sale's lock is kept.
      return await tx.transaction((savepoint) =>
        ledger.postEntry(savepoint, {
          kind: 'provider_reservation',
          customerId: money.customerId,
          actorCustomerId: money.customerId,
          ...e,
          lines: reservationLines(money),
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'insufficient_balance') throw err;
      const balances = await repo.findBalances([money.customerId], tx);
      if (new Decimal(balances.get(money.customerId) ?? 0).lt(money.sellerPrice)) throw err;
      throw new AppError(
        'reseller_insufficient_balance',
        "Your reseller's balance does not cover this top-up. Please contact your reseller.",
      );
    }
  }

  /**
   * Records the provider's answer and moves the money once per status change, under the sale's row lock: the
   * job, the sweep and a seller's status call may all arrive with the same answer.
   */
  async function settle(saleId: number, t: ProviderAnswer): Promise<TopupStatus> {
    return db.transaction(async (tx) => {
      const sale = await repo.lock(saleId, tx);
      if (!sale) throw notFound('Top-up');
      const next = statusOf(t.statusName);
      // A success or a refund counts in the shop's Z report (decision 0102): held shared like a purchase, the
      // sales-period lock makes closing the day wait for it, so its entry falls on one side of the close.
      if (
        (sale.status === 'pending' && next === 'successful') ||
        (sale.status === 'successful' && next === 'refunded')
      ) {
        await repo.holdSalesPeriod(sale.customerId, tx);
      }
      const now = clock.now();
      const recorded = {
        providerStatus: t.statusName,
        providerTransactionId: t.id ?? sale.providerTransactionId,
        operatorReference: t.operator_reference ?? sale.operatorReference,
        updatedAt: now,
        // An open offer expires when DT One says it does.
        ...(sale.offerState === 'offered' && t.confirmation_expiration_date
          ? { offerExpiresAt: offerDeadline(t, sale.createdAt) }
          : {}),
      };
      const money: SaleMoney = {
        customerId: sale.customerId,
        resellerId: sale.resellerId,
        platformId: sale.platformId,
        sellerPrice: sale.sellerPrice,
        resellerPrice: sale.resellerPrice,
        providerCost: sale.providerCost,
      };
      if (sale.reservationEntryId === null) return settleUnreserved(sale, next, recorded, tx);
      const post = (kind: 'provider_success' | 'provider_release' | 'provider_refund', lines: LedgerLineInput[]) =>
        ledger.postEntry(tx, {
          kind,
          customerId: sale.customerId,
          reference: `${PROVIDER}:${sale.externalId}`,
          memo: `${sale.productName} → ${sale.mobileNumber}`,
          lines,
        });
      if (sale.status === 'pending' && next === 'successful') {
        const e = await post('provider_success', successLines(money));
        await repo.update(saleId, { ...recorded, status: next, finalEntryId: e.entryId, finalAt: now }, tx);
        await onFinal(sale, next, tx);
        return next;
      }
      // Never sold, or reversed before we saw it complete: the reservation goes back as it came.
      if (sale.status === 'pending' && (next === 'failed' || next === 'refunded')) {
        const e = await post('provider_release', releaseLines(money));
        await repo.update(saleId, { ...recorded, status: next, finalEntryId: e.entryId, finalAt: now }, tx);
        await onFinal(sale, next, tx);
        return next;
      }
      if (sale.status === 'successful' && next === 'refunded') {
        if (await deps.refundedElsewhere?.(saleId, tx)) {
          await repo.update(saleId, { ...recorded, status: next }, tx);
          await onFinal(sale, next, tx);
          return next;
        }
        const e = await post('provider_refund', refundLines(money));
        await repo.update(saleId, { ...recorded, status: next, refundEntryId: e.entryId }, tx);
        await onFinal(sale, next, tx);
        return next;
      }
      if (sale.status === 'pending') await repo.update(saleId, recorded, tx);
      return sale.status;
    });
  }

  /**
   * An offer with nothing reserved (decision 0080, "Offers"): cancelled, rejected or declined it ends failed with no
   * money entry. DT One carrying out a transaction the portal never reserved for (a confirm not ours) would make the
   * platform pay: the sale is held for the superadmin, no money moves.
   */
  async function settleUnreserved(
    sale: NonNullable<Awaited<ReturnType<ProviderSalesRepository['lock']>>>,
    next: TopupStatus,
    recorded: Parameters<ProviderSalesRepository['update']>[1],
    tx: Tx,
  ): Promise<TopupStatus> {
    if (sale.status !== 'pending') return sale.status;
    if (next === 'failed') {
      const now = clock.now();
      await repo.update(sale.id, { ...recorded, status: 'failed', finalAt: now }, tx);
      await onFinal(sale, 'failed', tx);
      return 'failed';
    }
    await repo.update(sale.id, recorded, tx);
    // Anything past CREATED is DT One carrying it out.
    if (next !== 'pending' || recorded.providerStatus !== 'CREATED') {
      await repo.hold(sale.id, 'confirmed_without_reservation', clock.now(), tx);
    }
    return 'pending';
  }

  /**
   * Confirming an offer (decision 0080, "Offers"): the reservation is posted and the offer marked confirmed in one
   * transaction under the sale's lock, before DT One is asked to confirm. Refused when the offer is no longer open.
   */
  async function reserveOffer(saleId: number, createdBy: number, now: Date) {
    return db.transaction(async (tx) => {
      const sale = await repo.lock(saleId, tx);
      if (!sale) throw notFound('Top-up');
      if (sale.reservationEntryId !== null) return { reserved: false, autoCreditRequests: [] as number[] };
      const open =
        sale.offerState === 'offered' &&
        sale.status === 'pending' &&
        sale.holdReason === null &&
        (sale.offerExpiresAt === null || sale.offerExpiresAt > now);
      if (!open) throw new AppError('topup_offer_closed', 'This offer was rejected, expired or already ended');
      const entry = await reserve(tx, sale, {
        createdBy,
        reference: `${PROVIDER}:${sale.externalId}`,
        memo: `${sale.productName} → ${sale.mobileNumber}`,
      });
      await repo.confirmOffer(saleId, entry.entryId, now, tx);
      return { reserved: true, autoCreditRequests: entry.autoCreditRequests };
    });
  }

  /**
   * The superadmin settles a held sale as failed (decision 0080, "Held sales"): the reservation goes back as it came,
   * with no provider status to read. Only a sale still pending and held may be settled so.
   */
  async function failHeld(saleId: number, platformId: number): Promise<TopupStatus> {
    return db.transaction(async (tx): Promise<TopupStatus> => {
      const sale = await repo.lock(saleId, tx);
      if (!sale || sale.platformId !== platformId) throw notFound('Top-up');
      if (sale.status !== 'pending' || sale.holdReason === null) {
        throw new AppError('top_up_not_held', 'This top-up is not held for a decision');
      }
      const now = clock.now();
      if (sale.reservationEntryId === null) {
        await repo.update(saleId, { status: 'failed', finalAt: now, updatedAt: now }, tx);
        await onFinal(sale, 'failed', tx);
        return 'failed';
      }
      const e = await ledger.postEntry(tx, {
        kind: 'provider_release',
        customerId: sale.customerId,
        reference: `${PROVIDER}:${sale.externalId}`,
        memo: `${sale.productName} → ${sale.mobileNumber}`,
        lines: releaseLines(sale),
      });
      await repo.update(saleId, { status: 'failed', finalEntryId: e.entryId, finalAt: now, updatedAt: now }, tx);
      await onFinal(sale, 'failed', tx);
      return 'failed';
    });
  }

  return { reserve, settle, failHeld, reserveOffer };
}
