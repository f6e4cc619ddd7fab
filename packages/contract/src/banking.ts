import { z } from 'zod';
import { type EndpointSchemas, pageOf, pageQuery, type UploadSchemas } from './envelope.ts';
import { RULES } from './rules.ts';

/**
 * Lines of a bank statement as the screens show them. `new` lines are booked once mapped to a customer;
 * `duplicate` lines match an earlier line only loosely (another format of the same transfer, decision 0127)
 * and are booked only once a user confirms, naming that earlier line, that they are a payment of their own.
 */
export const BANK_RECORD_STATUSES = ['new', 'duplicate', 'booked', 'skipped', 'failed'] as const;
export type BankRecordStatus = (typeof BANK_RECORD_STATUSES)[number];
/** Why a line is not booked: money out, a currency other than the euro, an amount of 0.00. */
export const BANK_SKIP_REASONS = ['debit', 'currency', 'zero_amount'] as const;
export const BANK_IMPORT_STATUSES = ['parsed', 'booking', 'booked'] as const;

const id = (field: string) =>
  z
    .number({ error: `${field}: required` })
    .int()
    .positive();
const queryId = z.coerce.number().int().positive();

export const bankImport = z.object({
  import_id: z.number().int(),
  filename: z.string(),
  /** `camt053` or the CSV layout it was read as (csv-sparkasse, csv-volksbank, csv-ing, csv). */
  format: z.string(),
  status: z.enum(BANK_IMPORT_STATUSES),
  line_count: z.number().int(),
  new_lines: z.number().int(),
  /** Credit lines mapped to a customer and not yet booked. */
  to_book: z.number().int(),
  booked: z.number().int(),
  failed: z.number().int(),
  /** Lines waiting for the confirmation that they are no duplicate of an earlier line. */
  duplicates: z.number().int(),
  created_at: z.string(),
  /** SHA-256 of the file as uploaded, kept unchanged. */
  file_sha256: z.string().nullable(),
  /** CAMT: the statement's id and electronic sequence number. */
  statement_ref: z.string().nullable(),
  sequence_number: z.number().int().nullable(),
  /** Set when statements were skipped: the number the account's previous statement made expect. */
  expected_sequence: z.number().int().nullable(),
  gap_confirmed_at: z.string().nullable(),
  /** Step 2 reached: the lines show in the list of bank records. */
  confirmed: z.boolean(),
});
export type BankImport = z.infer<typeof bankImport>;

export const bankRecord = z.object({
  id: z.number().int(),
  import_id: z.number().int(),
  position: z.number().int(),
  account_iban: z.string().nullable(),
  booking_date: z.string(),
  value_date: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  direction: z.enum(['credit', 'debit']),
  payer_name: z.string(),
  payer_iban: z.string().nullable(),
  purpose: z.string(),
  reference: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  status: z.enum(BANK_RECORD_STATUSES),
  skip_reason: z.enum(BANK_SKIP_REASONS).nullable(),
  error_code: z.string().nullable(),
  /** The earlier line this one possibly repeats (status `duplicate`, or confirmed as not repeating it). */
  duplicate_of: z
    .object({
      id: z.number().int(),
      import_id: z.number().int(),
      filename: z.string(),
      booking_date: z.string(),
      amount: z.string(),
      payer_name: z.string(),
      status: z.enum(BANK_RECORD_STATUSES),
      entry_id: z.number().int().nullable(),
    })
    .nullable(),
  duplicate_confirmed_at: z.string().nullable(),
  end_to_end_id: z.string().nullable(),
  return_code: z.string().nullable(),
  invoice_number: z.string().nullable(),
  /** A return debit offered as the reversal of this earlier booked payment (decision 0127). */
  reversal_of: z
    .object({
      id: z.number().int(),
      booking_date: z.string(),
      amount: z.string(),
      entry_id: z.number().int().nullable(),
    })
    .nullable(),
  entry_id: z.number().int().nullable(),
  booked_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
});
export type BankRecord = z.infer<typeof bankRecord>;

/** Step 1 answers the parsed lines before anything is booked; lines seen in an earlier statement are listed apart. */
/** The statement file, as a multipart file part. */
export const bankStepOneBody = z.object({ file: z.unknown() });

export const bankStepOneResult = z.object({
  import: bankImport,
  bank_records: z.array(bankRecord),
  already_imported: z.array(bankRecord),
});
export type BankStepOneResult = z.infer<typeof bankStepOneResult>;

export const bankMapping = z.object({
  payer_name: z.string().trim().min(1, 'payer_name: required').max(200),
  payer_iban: z
    .string()
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .pipe(z.string().regex(/^([A-Z]{2}\d{2}[A-Z0-9]{10,30})?$/, 'payer_iban: not an IBAN'))
    .nullish(),
  customer_id: id('customer_id'),
});
export type BankMapping = z.infer<typeof bankMapping>;

export const bankStepTwoBody = z.object({
  import_id: id('import_id'),
  mappings: z.array(bankMapping).max(500),
});
export type BankStepTwoBody = z.infer<typeof bankStepTwoBody>;

export const bankStepTwoResult = z.object({ import: bankImport, bank_records: z.array(bankRecord) });
export type BankStepTwoResult = z.infer<typeof bankStepTwoResult>;

/**
 * `/update_bank_record/`: map one line to a customer, delete or restore it (booked lines stay), or confirm
 * that a possible duplicate is a payment of its own, naming the earlier line it was taken for.
 */
export const updateBankRecordBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('assign'), id: id('id'), customer_id: id('customer_id') }),
  z.object({ action: z.literal('confirm_duplicate'), id: id('id'), duplicate_of: id('duplicate_of') }),
  z.object({ action: z.literal('delete'), id: id('id') }),
  z.object({ action: z.literal('restore'), id: id('id') }),
]);
export type UpdateBankRecordBody = z.infer<typeof updateBankRecordBody>;

/** `confirm_sequence_gap`: book although the bank's sequence numbers show skipped statements. */
export const bookBankImportBody = z.object({
  import_id: id('import_id'),
  confirm_sequence_gap: z.boolean().optional(),
});

export const bankRecordsQuery = pageQuery.extend({
  import_id: queryId.optional(),
  status: z.enum(BANK_RECORD_STATUSES).optional(),
  deleted: z.coerce.number().int().min(0).max(1).default(0),
  search: z.string().trim().max(100).optional(),
});
export type BankRecordsQuery = z.infer<typeof bankRecordsQuery>;

export const bankRecordsPage = pageOf('bank_records', bankRecord).extend({ import: bankImport.nullable() });
export type BankRecordsPage = z.infer<typeof bankRecordsPage>;

export const bankNameMappingRow = z.object({
  id: z.number().int(),
  payer_name: z.string(),
  payer_iban: z.string().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  created_at: z.string(),
});
export type BankNameMappingRow = z.infer<typeof bankNameMappingRow>;

export const mappedCustomersQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export const deleteMappingQuery = z.object({ id: queryId });
export const mappingDeleted = z.object({ id: z.number().int() });

export const bankingUploads = {
  '/bank_module_step_1/': { body: bankStepOneBody, data: bankStepOneResult, rule: RULES.banking },
} satisfies Record<string, UploadSchemas>;

export const bankingEndpoints = {
  '/bank_module_step_2/': { body: bankStepTwoBody, data: bankStepTwoResult, rule: RULES.banking },
  '/update_bank_record/': { body: updateBankRecordBody, data: bankRecord, rule: RULES.banking },
  '/celery_process_top_up_with_multi_customers/': {
    body: bookBankImportBody,
    data: bankImport,
    rule: RULES.banking,
    status: 202,
  },
  '/get_bank_records/': { method: 'GET', query: bankRecordsQuery, data: bankRecordsPage, rule: RULES.banking },
  '/get_bank_name_mapped_customers/': {
    method: 'GET',
    query: mappedCustomersQuery,
    data: pageOf('mapped_customers', bankNameMappingRow),
    rule: RULES.banking,
  },
  '/update_delete_bank_name_mapped_customer/': {
    method: 'DELETE',
    query: deleteMappingQuery,
    data: mappingDeleted,
    rule: RULES.banking,
  },
} satisfies Record<string, EndpointSchemas>;
