import type { ParseKeys, TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * The text of each named rule of the contract (`params: { rule }` on a refinement, or the zod issue code), for the
 * browser's own check and for the server's refusal alike (lib/errors.ts), so both say the same in the user's language.
 */
const RULE_MESSAGES = {
  required: 'form.required',
  amount_required: 'form.amountRequired',
  amount_format: 'form.amountFormat',
  amount_positive: 'form.amountPositive',
  discount_format: 'form.discountFormat',
  discount_negative: 'form.discountNegative',
  discount_cents: 'form.discountCents',
  email: 'form.email',
  phone: 'form.phone',
  username: 'form.usernameFormat',
  password: 'form.password',
  https_url: 'form.httpsUrl',
  ip_address: 'form.ipAddress',
  time_order: 'form.timeOrder',
  customer_required: 'form.customerRequired',
  invite_contact: 'staff.inviteNeedsContact',
  mobile_match: 'form.mobileMismatch',
  password_match: 'form.passwordMismatch',
  control_character: 'errors.rules.control_character',
  calendar_day: 'errors.rules.calendar_day',
  url_credentials: 'errors.rules.url_credentials',
  not_past: 'errors.rules.not_past',
  iban_checksum: 'errors.rules.iban_checksum',
  gln_checksum: 'errors.rules.gln_checksum',
} as const satisfies Record<string, ParseKeys>;
type RuleName = keyof typeof RULE_MESSAGES;

/** The product forms' own messages by field (a pool's product fields too). */
export const PRODUCT_MESSAGES = {
  value: 'products.validation.value',
  product_name: 'products.validation.required',
  pin_length: 'products.validation.pinLength',
  configurations: 'products.validation.configurations',
} as const satisfies Record<string, ParseKeys>;

/** The supplier form's own messages by field. */
export const SUPPLIER_MESSAGES = {
  full_name: 'suppliers.validation.required',
  email: 'suppliers.validation.email',
} as const satisfies Record<string, ParseKeys>;

/** The inventory forms' own messages by field: a new pool (a product of the platform's) and the PIN import. */
export const INVENTORY_MESSAGES = {
  ...PRODUCT_MESSAGES,
  pool_name: 'inventory.validation.required',
  configuration_id: 'inventory.validation.required',
  supplier_id: 'inventory.validation.required',
  buying_discount: 'inventory.validation.buyingDiscount',
  csv_file: 'inventory.import.fileHint',
} as const satisfies Record<string, ParseKeys>;

function isRule(rule: string): rule is RuleName {
  return rule in RULE_MESSAGES;
}

/** A named rule's text in the user's language, or '' for a rule without one. */
export function ruleMessage(t: TFunction, rule: string, params: Record<string, unknown> = {}): string {
  return isRule(rule) ? t(RULE_MESSAGES[rule], params) : '';
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let at = body;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/**
 * The rule an issue names, as the server names it in a refusal (platform/errors.ts): the refinement's own
 * `params.rule`, 'required' for a missing value, else zod's issue code.
 */
function isNamed(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && typeof issue.params?.rule === 'string';
}

export function issueRule(issue: z.core.$ZodIssue, body: unknown): string {
  const named = issue.code === 'custom' ? issue.params?.rule : undefined;
  if (typeof named === 'string') return named;
  const value = valueAt(body, issue.path);
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'required';
  return issue.code;
}

/** The account, contact, API and legal fields of the user, customer and registration forms: the text names the format. */
export const CONTACT_MESSAGES = {
  username: 'form.usernameFormat',
  email: 'form.email',
  'email.required': 'form.required',
  mobile: 'form.phone',
  'mobile.required': 'form.required',
  mobile_confirmation: 'form.mobileMismatch',
  api_callback_url: 'form.httpsUrl',
  api_allowed_ips: 'form.ipAddress',
  vat_id: 'form.vatId',
  iban: 'form.iban',
  bic: 'form.bic',
  economic_id: 'form.economicId',
  sub_domain: 'form.hostName',
  sms_sender_id: 'form.smsSenderId',
  alternative_mobiles: 'form.phone',
} as const satisfies Record<string, ParseKeys>;

export interface ZodFormOptions<V> {
  /** Form values → the body that is sent (the form's `toInput`), so the schema sees exactly what the server will. */
  toBody?: (values: V) => unknown;
  /** A field's own message by the body field's last name (`field`, or `field.rule` for one rule only). */
  messages?: Partial<Record<string, ParseKeys>>;
  /** Body field path → form field path, where the form holds the value under another name. */
  field?: (path: string, values: V) => string;
  /** What the fields' own messages name besides the value: a bound the form knows (the stock left to buy). */
  params?: Record<string, unknown>;
}

/**
 * A Mantine form `validate` function from a contract schema: the same rule that refuses the input on the server
 * refuses it here, field by field, with the rule's message in the user's language.
 */
export function zodValidate<V>(schema: z.ZodType, t: TFunction, options: ZodFormOptions<V> = {}) {
  return (values: V): Record<string, string> => {
    const body = options.toBody ? options.toBody(values) : values;
    const result = schema.safeParse(body);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      const field = options.field ? options.field(path, values) : path;
      // The field's own name: the last named step of the path (`api_allowed_ips` for `api_allowed_ips.2`).
      const last = String(issue.path.findLast((step) => typeof step === 'string') ?? '');
      const rule = issueRule(issue, body);
      const own = options.messages?.[`${last}.${rule}`] ?? options.messages?.[last];
      // A rule the contract names says most; then the field's own text; then what the missing value or zod says.
      const named = isNamed(issue) ? ruleMessage(t, rule, ruleParams(issue, body)) : '';
      errors[field] ??=
        named ||
        (own
          ? t(own, { ...ruleParams(issue, body), ...options.params })
          : ruleMessage(t, rule, ruleParams(issue, body))) ||
        t('errors.validation');
    }
    return errors;
  };
}

function ruleParams(issue: z.core.$ZodIssue, body: unknown): Record<string, unknown> {
  const value = valueAt(body, issue.path);
  return { value: Array.isArray(value) ? value.join(', ') : String(value ?? '') };
}
