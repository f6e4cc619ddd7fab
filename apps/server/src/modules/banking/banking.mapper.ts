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
    error_code: r.errorCode,
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
    created_at: r.createdAt.toISOString(),
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
