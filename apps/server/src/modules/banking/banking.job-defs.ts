import { z } from 'zod';
import { defineJob } from '../../platform/jobs.ts';

export const BOOK_BANK_IMPORT_JOB = defineJob('banking.book-import', z.object({ importId: z.number().int() }));
