import type { BankImport } from '@portal/contract/banking';
import type { Db } from '../../db/connect.ts';
import type { Actor, Viewer } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { CreditTopupsService } from '../credit/credit-topups.service.ts';
import { BOOK_BANK_IMPORT_JOB } from './banking.jobs.ts';
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
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
}) {
  const { db, repo, topups, jobs, clock } = deps;

  /** `/celery_process_top_up_with_multi_customers/`: starts the job; answers the import with its progress. */
  async function startBooking(actor: Actor, importId: number): Promise<BankImport> {
    const found = await repo.findImport(actor.customerId, importId);
    if (!found) throw notFound('Bank import');
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

  async function bookLine(booker: Viewer, ownerCustomerId: number, recordId: number) {
    await db.transaction(async (tx) => {
      const r = await repo.lockRecord(ownerCustomerId, recordId, tx);
      if (r?.status !== 'new' || r.deletedAt || r.customerId === null || r.direction !== 'credit') return;
      try {
        const posted = await topups.receivePayment(tx, booker, {
          customer_id: r.customerId,
          amount: r.amount,
          method: 'bank',
          reference: `bank:${r.id}`,
          remarks: `${r.payerName} ${r.bookingDate} ${r.purpose}`.slice(0, 500),
        });
        await repo.updateRecord(r.id, { status: 'booked', entryId: posted.entryId, bookedAt: clock.now() }, tx);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await repo.updateRecord(r.id, { status: 'failed', errorCode: err.code }, tx);
      }
    });
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
