import {
  DATEV_DEFAULT_ACCOUNTS,
  type DatevAccount,
  type DatevAccountKey,
  type DatevChart,
  type DatevExportBody,
  type DatevSettings,
  datevAccountsOf,
  type UpdateDatevSettingsBody,
} from '@portal/contract/datev';
import type { VatBreakdownRow } from '@portal/contract/invoices';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/connect.ts';
import type { Viewer } from '../../platform/actor.ts';
import { berlinDateTime } from '../../platform/berlin-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { writeZip } from '../../platform/zip.ts';
import { type DatevRepository, DEBTOR_RANGE, type DocumentRecord, type Month } from './datev.repository.ts';
import {
  BOOKING_COLUMNS,
  BOOKINGS_FORMAT,
  type Booking,
  bookingRecord,
  DEBTOR_COLUMNS,
  DEBTORS_FORMAT,
  debtorRecord,
  type ExtfHeader,
  extfFile,
} from './datev-extf.ts';

export interface DatevFileOut {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The account key of a document's VAT row (decision 0132's treatments; goods and single-purpose vouchers alike). */
function keyOf(row: VatBreakdownRow): DatevAccountKey {
  if (row.vat_treatment === 'spv') return Number(row.vat_rate) === 7 ? 'spv_7' : 'spv_19';
  return row.vat_treatment;
}

/**
 * DATEV's tax key for a taxed row booked to a revenue account that is not an automatic account (DATEV
 * "Steuerschlüssel": 2 = Umsatzsteuer 7 %, 3 = Umsatzsteuer 19 %); none on an automatic account (DATEV would
 * book the VAT twice) and none for rows outside the scope of VAT.
 */
function taxKeyOf(key: DatevAccountKey, account: DatevAccount): string {
  if (account.automatic) return '';
  if (key === 'spv_19') return '3';
  if (key === 'spv_7') return '2';
  return '';
}

/** The first and last day of a `YYYY-MM` month. */
function monthOf(month: string): Month {
  const [y, m] = month.split('-').map(Number);
  if (y === undefined || m === undefined) throw new RangeError(`not a YYYY-MM month: ${month}`);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** The first day of the fiscal year `month` lies in, when fiscal years start in `startMonth`. */
export function fiscalYearStart(month: string, startMonth: number): string {
  const [y, m] = month.split('-').map(Number);
  if (y === undefined || m === undefined) throw new RangeError(`not a YYYY-MM month: ${month}`);
  const year = m >= startMonth ? y : y - 1;
  return `${year}-${String(startMonth).padStart(2, '0')}-01`;
}

function titleOf(d: DocumentRecord): string {
  if (d.kind === 'invoice') return 'Rechnung';
  return d.cancels_invoice ? 'Stornorechnung' : 'Rechnungskorrektur';
}

export function createDatevService(deps: { db: Db; repo: DatevRepository; clock: Clock }) {
  const { db, repo, clock } = deps;

  async function getSettings(actor: Viewer): Promise<DatevSettings> {
    const row = await repo.findSettings(actor.customerId);
    const chart: DatevChart = (row?.chart as DatevChart | undefined) ?? 'SKR03';
    return {
      saved: row !== undefined,
      chart,
      consultant_number: row?.consultantNumber ?? null,
      client_number: row?.clientNumber ?? null,
      fiscal_year_start_month: row?.fiscalYearStartMonth ?? 1,
      accounts: datevAccountsOf(chart, row?.accounts ?? {}),
    };
  }

  async function updateSettings(actor: Viewer, body: UpdateDatevSettingsBody): Promise<DatevSettings> {
    // Only what differs from the chart's default is kept: a later change of the chart takes its own defaults.
    const defaults = DATEV_DEFAULT_ACCOUNTS[body.chart];
    const own = Object.fromEntries(
      Object.entries(body.accounts).filter(
        ([k, v]) =>
          v !== undefined &&
          (v.account !== defaults[k as DatevAccountKey].account ||
            v.automatic !== defaults[k as DatevAccountKey].automatic),
      ),
    ) as Record<string, DatevAccount>;
    await repo.saveSettings({
      issuerCustomerId: actor.customerId,
      chart: body.chart,
      consultantNumber: body.consultant_number,
      clientNumber: body.client_number,
      fiscalYearStartMonth: body.fiscal_year_start_month,
      accounts: own,
      updatedBy: actor.userId,
      updatedAt: clock.now(),
    });
    return getSettings(actor);
  }

  /**
   * The caller's own month as DATEV files: the Buchungsstapel (invoices and corrections per VAT row against the
   * revenue account of their treatment, received payments against bank or cash, each on the debtor's account)
   * and the master data of the debtors it names, whose numbers are given here the first time (decision 0147).
   */
  async function exportMonth(actor: Viewer, body: DatevExportBody): Promise<DatevFileOut> {
    const settings = await getSettings(actor);
    if (!settings.saved || settings.consultant_number === null || settings.client_number === null) {
      throw new AppError('datev_settings_missing', 'Enter the tax adviser’s consultant and client numbers first');
    }
    const month = monthOf(body.month);
    const issuerId = actor.customerId;
    const [documents, payments] = await Promise.all([
      repo.findDocuments(issuerId, month),
      repo.findPayments(issuerId, month),
    ]);
    const customerIds = [
      ...new Set([...documents.map((d) => d.recipient_customer_id), ...payments.map((p) => p.customer_id)]),
    ];
    const now = clock.now();
    const debtors = await db.transaction(async (tx) => {
      if (customerIds.length > 0 && !(await repo.assignDebtorNumbers(issuerId, customerIds, now, tx))) {
        throw new AppError('datev_debtor_numbers_exhausted', 'Every debtor number is taken', {
          params: { max: DEBTOR_RANGE.last },
        });
      }
      return customerIds.length > 0 ? repo.findDebtors(issuerId, customerIds, tx) : [];
    });
    const numberOf = new Map(debtors.map((d) => [d.customer_id, d.debtor_number]));

    const accounts = settings.accounts;
    const bookings: Booking[] = [];
    for (const d of documents) {
      for (const row of d.vat_breakdown) {
        const gross = new Decimal(row.gross);
        if (gross.isZero()) continue;
        const key = keyOf(row);
        const account = accounts[key];
        // A correction takes back revenue: the debtor is credited (H). Its amounts are stored positive (type 381).
        const side = (d.kind === 'invoice') === gross.isPositive() ? 'S' : 'H';
        bookings.push({
          amount: gross,
          side,
          account: numberOf.get(d.recipient_customer_id)!,
          contraAccount: account.account,
          taxKey: taxKeyOf(key, account),
          date: d.issued_day,
          document: d.invoice_no,
          reference: d.corrects_no ?? '',
          text: `${titleOf(d)} ${d.invoice_no} ${d.recipient_name}`,
          servicePeriodEnd: d.kind === 'invoice' ? d.period_end : undefined,
        });
      }
    }
    for (const p of payments) {
      const paid = new Decimal(p.amount);
      if (paid.isZero()) continue;
      const money = p.method === 'cash' ? accounts.cash : accounts.bank;
      bookings.push({
        amount: paid,
        // Received: the debtor is credited (H); a returned debit charges it again (S).
        side: paid.isPositive() ? 'H' : 'S',
        account: numberOf.get(p.customer_id)!,
        contraAccount: money.account,
        taxKey: '',
        date: p.day,
        document: `ZE-${p.entry_id}`,
        reference: '',
        text: `Zahlung ${p.customer_name}${p.reference ? ` ${p.reference}` : ''}`,
      });
    }

    const header = (format: ExtfHeader['format'], period?: ExtfHeader['period']): ExtfHeader => ({
      format,
      createdAt: `${berlinDateTime(now)}.${String(now.getUTCMilliseconds()).padStart(3, '0')}`,
      consultantNumber: settings.consultant_number!,
      clientNumber: settings.client_number!,
      fiscalYearStart: fiscalYearStart(body.month, settings.fiscal_year_start_month),
      period,
      chart: settings.chart,
    });
    const label = `Rechnungsausgang ${body.month.slice(5)}/${body.month.slice(0, 4)}`;
    const bookingsFile = {
      name: `EXTF_Buchungsstapel_${body.month}.csv`,
      data: extfFile(
        header(BOOKINGS_FORMAT, { from: month.start, to: month.end, label }),
        BOOKING_COLUMNS,
        bookings.map(bookingRecord),
      ),
    };
    const debtorsFile = {
      name: `EXTF_Debitoren_${body.month}.csv`,
      data: extfFile(
        header(DEBTORS_FORMAT),
        DEBTOR_COLUMNS,
        debtors.map((d) =>
          debtorRecord({
            number: d.debtor_number,
            customerId: d.customer_id,
            name: d.name,
            legalName: d.legal_name,
            street: d.address ? [d.address.address, d.address.house_no].filter(Boolean).join(' ') : null,
            postal: d.address?.postal ?? null,
            city: d.address?.city ?? null,
            email: d.email,
            vatId: d.vat_id,
            taxNumber: d.tax_number,
            iban: d.iban,
            bic: d.bic,
          }),
        ),
      ),
    };
    if (body.file === 'bookings') return { filename: bookingsFile.name, contentType: CSV, content: bookingsFile.data };
    if (body.file === 'debtors') return { filename: debtorsFile.name, contentType: CSV, content: debtorsFile.data };
    return {
      filename: `DATEV_${body.month}.zip`,
      contentType: 'application/zip',
      content: writeZip([bookingsFile, debtorsFile], berlinDateTime(now)),
    };
  }

  return { getSettings, updateSettings, exportMonth };
}
export type DatevService = ReturnType<typeof createDatevService>;

const CSV = 'text/csv; charset=windows-1252';
