import { z } from 'zod';
import type { Rule } from './rules.ts';

/** The answer every call gives (ARCHITECTURE.md "API conventions"). */
export interface Envelope<T = unknown> {
  message_type: 0 | 1;
  message: string;
  data?: T;
  account_status?: 0 | 1;
  code?: ErrorCode;
  errors?: FieldError[];
  retry_after?: number;
  params?: Record<string, string | number>;
}

export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

/** Machine-readable error codes and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  bad_request: 400,
  // A JSON body (or a form field's JSON) nested deeper than the server's limit (params.max).
  body_too_deep: 400,
  // A sign-in payload dated more than 5 minutes off the server's clock (params.server_time).
  sign_in_clock_skew: 400,
  unauthenticated: 401,
  forbidden: 403,
  account_inactive: 403,
  not_found: 404,
  validation_failed: 422,
  key_reused: 422,
  key_invalid: 422,
  conflict: 409,
  in_progress: 409,
  out_of_stock: 409,
  insufficient_balance: 409,
  credit_limit_exceeded: 409,
  already_sold: 409,
  // Purchase refusals a seller understands.
  reseller_insufficient_balance: 409,
  product_deactivated: 409,
  configuration_deactivated: 409,
  assignment_missing: 409,
  assignment_disabled: 409,
  nothing_to_close: 409,
  // A discount that makes a margin negative (PAD, discount slabs, a customer's default slab).
  price_below_cost: 422,
  // A soft pin's face value below what its provider charges (params.product, params.value, params.cost).
  face_value_below_cost: 422,
  price_below_reseller: 422,
  // A reseller's discount for its shop above its own (decision 0107).
  discount_above_own: 422,
  // PIN import file refusals, with their limits as params.
  import_not_csv: 422,
  import_not_text: 422,
  import_file_empty: 422,
  import_unreadable: 422,
  import_too_many_lines: 422,
  import_too_many_pins: 422,
  import_delimiter_mismatch: 422,
  // Bank statement import.
  bank_file_unreadable: 422,
  bank_record_booked: 409,
  nothing_to_book: 409,
  // A statement of an account kept in another currency than the euro (params.statement, params.currency); a
  // CAMT statement whose entries do not lead from its opening to its closing balance (params.statement).
  bank_statement_currency: 422,
  bank_statement_unbalanced: 422,
  // A possible duplicate confirmed naming another line than the one it matched (params.duplicate_of).
  bank_duplicate_mismatch: 409,
  // Statements were skipped (params.expected, params.read): booking needs confirm_sequence_gap.
  bank_sequence_gap: 409,
  // Hardware shop.
  order_status_invalid: 409,
  // Devices.
  terminal_limit_reached: 409,
  serial_taken: 409,
  // Invoices: the issuer has no VAT id or tax number; the month is not over yet.
  issuer_tax_id_missing: 409,
  invoice_period_open: 409,
  // An e-invoice needs a party field the document does not have (details.params.field, e.g. seller_phone).
  einvoice_party_incomplete: 409,
  // The document's e-invoice breaks a checked EN 16931 / XRechnung rule (details.params.rules): not issued.
  einvoice_rules_broken: 409,
  // The recipient is outside Germany (details.params.evidence: its foreign VAT id or
  // non-German postcode): no
  // intra-Community or reverse-charge invoicing yet (decision 0130), so nothing is issued to it.
  invoice_recipient_abroad: 409,
  // The monthly overview of corrections (RS) is no invoice: it has a PDF, no XRechnung or ZUGFeRD (decision 0091).
  einvoice_not_an_invoice: 409,
  // DATEV exports (decision 0147): the issuer has not saved its tax adviser's numbers yet; the issuer's debtor
  // numbers 10000–69999 are all given (details.params.max).
  datev_settings_missing: 409,
  datev_debtor_numbers_exhausted: 409,
  // A tax audit's data access covers a year at most per export (details.params.max_days).
  tax_audit_period_too_long: 422,
  // Reclamations (decision 0091): a move the state machine does not allow from the current status, a move
  // that belongs to the other party (the shop's reseller or the stock owner), a PIN already reclaimed, a
  // PIN not of the sale, a rejection without its reason.
  reclamation_transition_invalid: 409,
  reclamation_wrong_party: 403,
  reclamation_pin_taken: 409,
  reclamation_pin_not_in_sale: 422,
  reclamation_reason_required: 422,
  // A soft pin the provider voided and refunded (issue 37): its money went back already, it cannot be reclaimed
  // (params.sale_id).
  reclamation_sale_refunded: 409,
  terminal_taken: 409,
  // The partner API (decision 0097): a key that is unknown or revoked; a request from outside the shop's
  // allowed IPs; a shop whose API is switched off; keys asked for a customer that is not a shop.
  api_key_invalid: 401,
  // A key past its last day (params.expires_at), checked like a revoked one, before the address.
  api_key_expired: 401,
  ip_not_allowed: 403,
  api_disabled: 403,
  api_keys_shops_only: 409,
  throttled: 429,
  internal: 500,
  // A provider (DT One) that did not answer: nothing was sold or charged, try again.
  provider_unavailable: 503,
  // An international top-up product DT One no longer offers, or offers without a euro retail price.
  provider_product_unavailable: 409,
  // A held provider sale's decision (decision 0080): the sale is not (or no longer) held; the provider has no
  // transaction under its external_id to follow.
  top_up_not_held: 409,
  // An international top-up offer confirmed after it was rejected or expired, or rejected after it was confirmed.
  topup_offer_closed: 409,
  provider_transaction_not_found: 409,
  // Bus tickets (decision 0103): a trip without the seats asked for; an e-bike on a trip that carries none; a
  // voucher the provider does not take; a booking already paid or cancelled, whose reservation expired, without
  // its passengers, or whose ticket is not final yet; a paid ticket whose payment is not final yet, or that the
  // provider no longer cancels (too close to departure); a chosen seat already taken (params.seats: which).
  trip_fully_booked: 409,
  seat_taken: 409,
  // The provider gave away the seats it would have assigned (none were chosen): search again.
  seats_taken_meanwhile: 409,
  ebike_not_allowed: 422,
  invalid_voucher: 422,
  booking_not_open: 409,
  reservation_expired: 409,
  passengers_missing: 422,
  ticket_not_ready: 409,
  booking_not_final: 409,
  cancellation_closed: 409,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const pageFilters = z.object({
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total_count: z.number().int().min(0),
  total_pages: z.number().int().min(0),
});
export type PageFilters = z.infer<typeof pageFilters>;

/** A yes/no as answers carry it (spec section 3: flags are 0 or 1). */
export const bitFlag = z.union([z.literal(0), z.literal(1)]);

/** Page request fields shared by every list call. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * The declared answer of a route: `response: { 200: envelopeOf(itemSchema) }`. The serializer sends only
 * what is declared (a second guard against leaking a PIN), and OpenAPI lists it.
 */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    message_type: z.literal(1),
    message: z.string(),
    data,
    account_status: z.literal(1).optional(),
  });
}

/** Every refusal: a stable code, its parameters and, for a form, the field errors (spec section 8). */
export const refusalEnvelope = z.object({
  message_type: z.literal(0),
  message: z.string(),
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
  errors: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  retry_after: z.number().optional(),
  account_status: z.literal(0).optional(),
});

/** The answer of a call that returns no data. */
export const emptyEnvelope = z.object({
  message_type: z.literal(1),
  message: z.string(),
  account_status: z.literal(1).optional(),
});

/**
 * A list page: `{ <items>: [...], filters: { page, limit, total_count, total_pages, ...applied } }`. The
 * applied filters echo the request, so they are passed through as they are.
 */
export function pageOf<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), filters: pageFilters.loose() } as { [k in K]: z.ZodArray<T> } & {
    filters: z.ZodObject<typeof pageFilters.shape, z.core.$loose>;
  });
}

/**
 * What every row of a call table declares beside its schemas (decision 0100, amended by issue 42): the server
 * registers the call from its row, so these are the route's own settings, not a copy of them.
 */
interface CallSettings {
  /** Who may call it (ARCHITECTURE.md "Route rules"): the server's guard holds every request to it. */
  rule?: Rule;
  /** The success answer's status when it is not 200 (work accepted and finished later: 202). */
  status?: 202;
  /** The document lists the refusal envelope as the `4xx` answer: a call whose refusals are part of its answer. */
  refusals?: true;
}

/**
 * One row of the typed endpoint table: the path's body (or query) schema and the `data` of its answer.
 * Each domain exports `<domain>Endpoints`; the web client infers request and response types from them, and the
 * server registers the route from the row (`apps/server/src/platform/routes.ts`).
 */
export interface EndpointSchemas extends CallSettings {
  /** POST unless named: the web client picks its method from here. */
  method?: 'GET' | 'PATCH' | 'DELETE';
  /** A GET the spec lists without a method, so POST is answered too (the web client sends GET). */
  alsoPost?: true;
  /** The `:name` parts of a path such as `/invoice_runs/:runId/`. */
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  data: z.ZodType;
  /** The content types of the file it answers in place of the JSON when the request asks for one (a `format`). */
  file?: string;
}

/**
 * A call that sends a file as multipart form data beside its fields (CSV imports, pictures, bank statements).
 * Kept in a table of its own: the JSON client cannot send a file, and two picture uploads share their path
 * with a list's GET. The body field left as it comes (`z.unknown()`) is the file part.
 */
export interface UploadSchemas extends CallSettings {
  /** POST unless named. */
  method?: 'PATCH';
  params?: z.ZodType;
  body: z.ZodType;
  data: z.ZodType;
}

/**
 * A call that answers a file (a CSV, a PDF, a picture) instead of the JSON envelope: `<domain>Files`. The web
 * fetches these through `saveFile`, not the typed client; the document lists the content types.
 */
export interface FileSchemas extends Pick<CallSettings, 'rule'> {
  /** POST unless named. */
  method?: 'GET' | 'PATCH' | 'DELETE';
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The content types it answers, comma-separated. */
  file: string;
}

/**
 * Marks a field that carries a PIN or a credential. An answer that declares one is never compressed
 * (a compressed answer's length can betray a secret next to reflected input), and OpenAPI shows
 * `x-secret`.
 */
export const secret = <T extends z.ZodType>(schema: T): T => schema.meta({ 'x-secret': true }) as T;

/** Whether a schema declares a `secret` field anywhere inside it. */
export function carriesSecret(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return false;
  seen.add(schema);
  if (z.globalRegistry.get(schema)?.['x-secret'] === true) return true;
  return Object.values(schema._zod.def).some((part) => reachesSecret(part, seen));
}

function reachesSecret(part: unknown, seen: Set<unknown>): boolean {
  if (part instanceof z.ZodType) return carriesSecret(part, seen);
  if (Array.isArray(part)) return part.some((p) => reachesSecret(p, seen));
  // An object's shape: its field schemas.
  if (part !== null && typeof part === 'object' && Object.getPrototypeOf(part) === Object.prototype)
    return Object.values(part).some((p) => reachesSecret(p, seen));
  return false;
}
