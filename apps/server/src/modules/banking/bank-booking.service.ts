import type { BankImport } from '@portal/contract/banking';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor, Viewer } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { CreditTopupsService } from '../credit/credit-topups.service.ts';
import type { LedgerLineInput, LedgerService } from '../credit/ledger.service.ts';
import { BOOK_BANK_IMPORT_JOB } from './banking.job-defs.ts';
import { bankImportOf } from './banking.mapper.ts';
import type { BankingRepository } from './banking.repository.ts';

/**
 * Booking a statement's mapped credit lines as payments (DOMAIN.md: a payment settles outstanding credit
 * first), in a job with progress. Each line is booked in its own transaction that locks the line, posts
 * the payment through the ledger and marks the line booked, so a job that runs again after a crash, or
 * twice at once, books every line exactly once.
 */
export function createBankBookingService(deps: {
  db: Db;
  repo: BankingRepository;
  topups: Pick<CreditTopupsService, 'receivePayment'>;
  ledger: Pick<LedgerService, 'postEntry'>;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
}) {
  const { db, repo, topups, ledger, jobs, clock } = deps;

  /** `/celery_process_top_up_with_multi_customers/`: starts the job; answers the import with its progress. */
  async function startBooking(actor: Actor, importId: number, confirmSequenceGap = false): Promise<BankImport> {
    const found = await repo.findImport(actor.customerId, importId);
    if (!found) throw notFound('Bank import');
    // Statements the bank numbered between the last one imported and this one were never imported: booking
    // is possible (they may come later) but only as a decision someone took.
    if (found.expectedSequence !== null && found.gapConfirmedAt === null) {
      if (!confirmSequenceGap) {
        throw new AppError('bank_sequence_gap', 'Statements were skipped', {
          params: { import_id: importId, expected: found.expectedSequence, read: found.sequenceNumber ?? 0 },
        });
      }
      await repo.confirmGap(importId, actor.userId, clock.now());
    }
    if ((await repo.countBookable(importId, actor)) === 0) {
      throw new AppError('nothing_to_book', 'No mapped incoming payment is waiting to be booked', {
        params: { import_id: importId },
      });
    }
    if (!(await repo.startBooking(actor.customerId, importId, actor.userId))) {
      throw new AppError('in_progress', 'This statement is being booked', { params: { import_id: importId } });
    }
    await jobs.send(BOOK_BANK_IMPORT_JOB, { importId });
    const summary = await repo.findImport(actor.customerId, importId);
    return bankImportOf(summary ?? found);
  }

  /**
   * One line in its own transaction. A refusal of the ledger or the database aborts that transaction only:
   * the line is marked failed in a new one, and the run goes on with the next line.
   */
  async function bookLine(booker: Viewer, ownerCustomerId: number, recordId: number) {
    try {
      await db.transaction(async (tx) => {
        const r = await repo.lockRecord(ownerCustomerId, recordId, tx);
        if (r?.status !== 'new' || r.deletedAt || r.customerId === null) return;
        if (r.direction === 'debit') {
          if (r.reversalOfId !== null) await bookReversal(tx, booker, { ...r, customerId: r.customerId });
          return;
        }
        const posted = await topups.receivePayment(tx, booker, {
          customer_id: r.customerId,
          amount: r.amount,
          method: 'bank',
          reference: `bank:${r.id}`,
          // The invoice the payer named comes first, where a bookkeeper looks for it.
          remarks: [r.invoiceNumber, r.payerName, r.bookingDate, r.purpose].filter(Boolean).join(' ').slice(0, 500),
        });
        await repo.updateRecord(r.id, { status: 'booked', entryId: posted.entryId, bookedAt: clock.now() }, tx);
      });
    } catch (err) {
      // Whatever refused this line (the ledger's rules, a database check) is recorded on it; the user can map
      // it again to retry. Were the database itself gone, this second transaction fails too and the job is
      // retried as a whole, which books nothing twice.
      const code = err instanceof AppError ? err.code : 'booking_refused';
      await db.transaction(async (tx) => {
        const r = await repo.lockRecord(ownerCustomerId, recordId, tx);
        if (r?.status === 'new') await repo.updateRecord(recordId, { status: 'failed', errorCode: code }, tx);
      });
    }
  }

  /**
   * A return debit: the payment it returns posted again with every line negated, so outstanding credit the
   * payment settled is owed again and the rest leaves the balance. The ledger refuses it (insufficient balance,
   * credit limit) like any movement; the line is then failed and shows why.
   */
  async function bookReversal(
    tx: Tx,
    booker: Viewer,
    r: { id: number; customerId: number; reversalOfId: number | null; returnCode: string | null; payerName: string },
  ) {
    const original = r.reversalOfId === null ? undefined : await repo.findRecordEntry(r.reversalOfId, tx);
    if (!original?.entryId) throw new AppError('conflict', 'The returned payment is not booked');
    const lines = await repo.findEntryLines(original.entryId, tx);
    const posted = await ledger.postEntry(tx, {
      kind: 'payment',
      customerId: r.customerId,
      actorCustomerId: booker.customerId,
      createdBy: booker.userId,
      method: 'bank',
      reference: `bank:${r.id}`,
      memo: `Return ${r.returnCode ?? ''} of bank:${r.reversalOfId} ${r.payerName}`.replace(/\s+/g, ' ').slice(0, 500),
      lines: lines.map((l) => ({
        customerId: l.customerId,
        account: l.account as LedgerLineInput['account'],
        amount: new Decimal(l.amount).negated(),
      })),
    });
    await repo.updateRecord(r.id, { status: 'booked', entryId: posted.entryId, bookedAt: clock.now() }, tx);
  }

  /** The job: books what is still open, as the user who asked for it (staff: their customers only). */
  async function bookImport(importId: number) {
    const booking = await repo.findBooking(importId);
    if (booking?.status !== 'booking') return;
    const booker: Viewer = {
      customerId: booking.customerId,
      userId: booking.userId,
      account_role: booking.account_role as Viewer['account_role'],
      internal_role: booking.internal_role as Viewer['internal_role'],
    };
    for (const id of await repo.findBookableIds(importId, booker)) {
      await bookLine(booker, booking.ownerCustomerId, id);
    }
    await repo.finishBooking(importId, clock.now());
  }

  /** At start: bookings a dead server copy left unfinished get their job again. */
  async function resumeBookings() {
    for (const importId of await repo.findBookingImportIds()) await jobs.send(BOOK_BANK_IMPORT_JOB, { importId });
  }

  return { startBooking, bookImport, resumeBookings };
}
export type BankBookingService = ReturnType<typeof createBankBookingService>;
