import { type JobWorker, work } from '../../platform/jobs.ts';
import type { BankBookingService } from './bank-booking.service.ts';
import { BOOK_BANK_IMPORT_JOB } from './banking.job-defs.ts';

export function bankingJobs(deps: { booking: Pick<BankBookingService, 'bookImport'> }): JobWorker[] {
  return [work(BOOK_BANK_IMPORT_JOB, (p) => deps.booking.bookImport(p.importId), { retryLimit: 8 })];
}
