import type { JobDefinition } from '../../platform/module.ts';
import type { BankBookingService } from './bank-booking.service.ts';

export const BOOK_BANK_IMPORT_JOB = 'banking.book-import';

export function bankingJobs(deps: { booking: Pick<BankBookingService, 'bookImport'> }): JobDefinition[] {
  return [
    {
      name: BOOK_BANK_IMPORT_JOB,
      handler: (data) => deps.booking.bookImport((data as { importId: number }).importId),
      retryLimit: 8,
    },
  ];
}
