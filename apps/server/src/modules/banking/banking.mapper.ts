import {
  type BankImport,
  type BankNameMappingRow,
  type BankRecord,
  bankImport,
  bankRecord,
} from '@portal/contract/banking';
import { moneyText } from '../../platform/money.ts';
import type { BankImportRow, BankRecordRow, MappingRow } from './banking.repository.ts';

export function bankRecordOf(r: BankRecordRow): BankRecord {
  return {
    id: r.id,
    import_id: r.importId,
    position: r.position,
    account_iban: r.accountIban,
    booking_date: r.bookingDate,
    value_date: r.valueDate,
    amount: moneyText(r.amount),
    currency: r.currency,
    direction: bankRecord.shape.direction.parse(r.direction),
    payer_name: r.payerName,
    payer_iban: r.payerIban,
    purpose: r.purpose,
    reference: r.reference,
    customer_id: r.customerId,
    customer_name: r.customerName,
    status: bankRecord.shape.status.parse(r.status),
    skip_reason: bankRecord.shape.skip_reason.parse(r.skipReason),
    error_code: r.errorCode,
    duplicate_of:
      r.dupId === null
        ? null
        : {
            id: r.dupId,
            import_id: r.dupImportId ?? 0,
            filename: r.dupFilename ?? '',
            booking_date: r.dupBookingDate ?? '',
            amount: moneyText(r.dupAmount ?? '0'),
            payer_name: r.dupPayerName ?? '',
            status: bankRecord.shape.status.parse(r.dupStatus),
            entry_id: r.dupEntryId,
          },
    duplicate_confirmed_at: r.duplicateConfirmedAt?.toISOString() ?? null,
    end_to_end_id: r.endToEndId,
    return_code: r.returnCode,
    invoice_number: r.invoiceNumber,
    reversal_of:
      r.reversalOfId === null
        ? null
        : {
            id: r.reversalOfId,
            booking_date: r.revBookingDate ?? '',
            amount: moneyText(r.revAmount ?? '0'),
            entry_id: r.revEntryId,
          },
    entry_id: r.entryId,
    booked_at: r.bookedAt?.toISOString() ?? null,
    deleted_at: r.deletedAt?.toISOString() ?? null,
  };
}

export function bankImportOf(r: BankImportRow): BankImport {
  return {
    import_id: r.id,
    filename: r.filename,
    format: r.format,
    status: bankImport.shape.status.parse(r.status),
    line_count: r.lineCount,
    new_lines: r.newLines,
    to_book: r.toBook,
    booked: r.booked,
    failed: r.failed,
    duplicates: r.duplicates,
    created_at: r.createdAt.toISOString(),
    file_sha256: r.fileSha256,
    statement_ref: r.statementRef,
    sequence_number: r.sequenceNumber,
    expected_sequence: r.expectedSequence,
    gap_confirmed_at: r.gapConfirmedAt?.toISOString() ?? null,
    confirmed: r.confirmedAt !== null,
  };
}

export function mappingOf(r: MappingRow): BankNameMappingRow {
  return {
    id: r.id,
    payer_name: r.payerName,
    payer_iban: r.payerIban,
    customer_id: r.customerId,
    customer_name: r.customerName,
    created_at: r.createdAt.toISOString(),
  };
}
