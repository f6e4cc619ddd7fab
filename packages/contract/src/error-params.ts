import type { ErrorCode } from './envelope.ts';

/**
 * The parameters each refusal carries whose translated text names them (`{{customer}}` …): the server cannot
 * raise one of these codes without them (`AppError`'s type), and the web's test renders every code with them in
 * every language and fails on a placeholder left unfilled. A code missing here carries no parameter its text needs.
 */
export const ERROR_PARAMS = {
  price_below_cost: ['customer', 'product', 'value', 'price', 'cost'],
  face_value_below_cost: ['product', 'value', 'cost'],
  price_below_reseller: ['customer', 'product', 'value', 'price', 'discount', 'reseller_discount'],
  body_too_deep: ['max'],
  bank_statement_currency: ['statement', 'currency'],
  bank_statement_unbalanced: ['statement', 'opening', 'entries', 'closing'],
  bank_sequence_gap: ['expected', 'read'],
  import_too_many_lines: ['lines', 'max'],
  import_too_many_pins: ['rows', 'max'],
  import_delimiter_mismatch: ['chosen', 'found'],
  terminal_taken: ['terminal_id'],
  terminal_limit_reached: ['terminal_limit'],
  serial_taken: ['serial_no'],
  seat_taken: ['seats'],
  order_status_invalid: ['from', 'to'],
  invoice_period_open: ['month'],
  einvoice_party_incomplete: ['field'],
  einvoice_rules_broken: ['rules'],
  invoice_recipient_abroad: ['evidence'],
  einvoice_not_an_invoice: ['invoice_no'],
  datev_debtor_numbers_exhausted: ['max'],
  tax_audit_period_too_long: ['max_days'],
  ip_not_allowed: ['ip'],
  discount_above_own: ['discount', 'own_discount'],
  reclamation_pin_taken: ['pin_id'],
  reclamation_pin_not_in_sale: ['pin_id', 'sale_id'],
  reclamation_sale_refunded: ['sale_id'],
} as const satisfies Partial<Record<ErrorCode, readonly string[]>>;

type Declared = keyof typeof ERROR_PARAMS;
type Value = string | number;

/** The parameters a refusal of `C` must carry (others may come beside them). */
export type ErrorParams<C extends ErrorCode> = C extends Declared
  ? Record<(typeof ERROR_PARAMS)[C][number], Value> & Record<string, Value>
  : Record<string, Value>;
