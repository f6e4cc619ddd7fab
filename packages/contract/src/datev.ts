import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import type { EndpointSchemas, FileSchemas } from './envelope.ts';
import { invoiceMonth } from './invoices.ts';
import { RULES } from './rules.ts';

/**
 * DATEV exports (decision 0147): an issuer's month as an EXTF Buchungsstapel and its debtors' master data, for the
 * issuer's tax adviser. The issuer is always the caller's own customer (the platform, or a reseller for its
 * invoices to its shops): no call names another issuer.
 */
export const DATEV_CHARTS = ['SKR03', 'SKR04'] as const;
export type DatevChart = (typeof DATEV_CHARTS)[number];

/**
 * What is booked to which account: a revenue account per VAT treatment and rate of the issued documents
 * (decision 0132: a single-purpose voucher or goods at 19 % or 7 %, a multi-purpose voucher outside the scope of
 * VAT, a bus fare passed through in the carrier's name), and the money accounts payments are received on.
 */
export const DATEV_ACCOUNT_KEYS = ['spv_19', 'spv_7', 'mpv', 'carrier', 'bank', 'cash'] as const;
export type DatevAccountKey = (typeof DATEV_ACCOUNT_KEYS)[number];

export const datevAccount = z.object({
  account: z.number().int().min(1000).max(9999),
  /**
   * An "Automatikkonto": DATEV derives the VAT from the account itself, so the booking carries no tax key
   * (BU-Schlüssel); on any other revenue account a taxed treatment gets its key (3 = 19 %, 2 = 7 %).
   */
  automatic: z.boolean(),
});
export type DatevAccount = z.infer<typeof datevAccount>;

/**
 * The charts' defaults, from DATEV's standard charts of accounts (SKR03 process-oriented, SKR04 closing-oriented;
 * the account lists of DATEV's "Kontenrahmen" documents): Erlöse 19 % USt 8400 / 4400 and Erlöse 7 % USt
 * 8300 / 4300 are automatic accounts; Erlöse 8200 / 4200 (no VAT function) for multi-purpose vouchers, which are
 * outside the scope of VAT (§ 3 Abs. 15 UStG); Durchlaufende Posten 1590 / 1370 for fares collected in a
 * carrier's name (§ 10 Abs. 1 Satz 6 UStG); Bank 1200 / 1800 and Kasse 1000 / 1600. The tax adviser confirms or
 * changes them in the settings. Recipients abroad are not invoiced (decision 0130), so no reverse-charge or EU
 * account is offered until such documents exist.
 */
export const DATEV_DEFAULT_ACCOUNTS: Record<DatevChart, Record<DatevAccountKey, DatevAccount>> = {
  SKR03: {
    spv_19: { account: 8400, automatic: true },
    spv_7: { account: 8300, automatic: true },
    mpv: { account: 8200, automatic: false },
    carrier: { account: 1590, automatic: false },
    bank: { account: 1200, automatic: false },
    cash: { account: 1000, automatic: false },
  },
  SKR04: {
    spv_19: { account: 4400, automatic: true },
    spv_7: { account: 4300, automatic: true },
    mpv: { account: 4200, automatic: false },
    carrier: { account: 1370, automatic: false },
    bank: { account: 1800, automatic: false },
    cash: { account: 1600, automatic: false },
  },
};

/** The accounts in force: each key's own setting, else the chart's default. */
export function datevAccountsOf(
  chart: DatevChart,
  own: Partial<Record<string, DatevAccount>>,
): Record<DatevAccountKey, DatevAccount> {
  return Object.fromEntries(DATEV_ACCOUNT_KEYS.map((k) => [k, own[k] ?? DATEV_DEFAULT_ACCOUNTS[chart][k]])) as Record<
    DatevAccountKey,
    DatevAccount
  >;
}

export const datevSettings = z.object({
  /** False until the issuer saved its adviser's numbers: exports are refused before (`datev_settings_missing`). */
  saved: z.boolean(),
  chart: z.enum(DATEV_CHARTS),
  consultant_number: z.number().int().nullable(),
  client_number: z.number().int().nullable(),
  fiscal_year_start_month: z.number().int(),
  accounts: z.record(z.enum(DATEV_ACCOUNT_KEYS), datevAccount),
});
export type DatevSettings = z.infer<typeof datevSettings>;

export const updateDatevSettingsBody = z.object({
  chart: z.enum(DATEV_CHARTS),
  /** Beraternummer, 1001–9999999, and Mandantennummer, 1–99999, as the adviser's DATEV knows them. */
  consultant_number: z.coerce.number().int().min(1001).max(9999999),
  client_number: z.coerce.number().int().min(1).max(99999),
  fiscal_year_start_month: z.coerce.number().int().min(1).max(12).default(1),
  /** Keys left out take the chart's default. */
  accounts: z.partialRecord(z.enum(DATEV_ACCOUNT_KEYS), datevAccount).default({}),
});
export type UpdateDatevSettingsBody = z.infer<typeof updateDatevSettingsBody>;

export const DATEV_FILES = ['bookings', 'debtors', 'zip'] as const;
export type DatevFile = (typeof DATEV_FILES)[number];

/** `/export_datev/`: one Berlin calendar month of the caller's own books, one file or both in a ZIP. */
export const datevExportBody = z.object({ month: invoiceMonth, file: z.enum(DATEV_FILES).default('zip') });
export type DatevExportBody = z.infer<typeof datevExportBody>;

export const datevEndpoints = {
  '/datev_settings/': { method: 'GET', data: datevSettings, rule: RULES.datev },
  '/update_datev_settings/': { body: updateDatevSettingsBody, data: datevSettings, rule: RULES.datev },
} satisfies Record<string, EndpointSchemas>;

/**
 * `/export_tax_audit/`: a period's data access for a tax audit (Z3, § 147 Abs. 6 AO; decision 0147), Berlin days,
 * both included: a ZIP of `index.xml` (GDPdU description standard) and the tables as CSV. A year at most per export
 * (`tax_audit_period_too_long`).
 */
export const taxAuditExportBody = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((b) => b.from <= b.to, { path: ['to'], message: 'to before from' });
export type TaxAuditExportBody = z.infer<typeof taxAuditExportBody>;

/** The month's export for the tax adviser and a tax audit's data access (decision 0147): files, not JSON. */
export const datevFiles = {
  '/export_datev/': { body: datevExportBody, file: 'text/csv, application/zip', rule: RULES.datev },
  '/export_tax_audit/': { body: taxAuditExportBody, file: 'application/zip', rule: RULES.taxAudit },
} satisfies Record<string, FileSchemas>;
