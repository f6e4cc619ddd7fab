/**
 * Form data (urlencoded or multipart) arrives as strings; the spec's clients send form data for most
 * calls. This turns it into the JSON shape the zod schemas expect, once, for every call:
 * empty string → absent, numeric and boolean strings → numbers and booleans, repeated keys → arrays,
 * a JSON object or array in a string (such as `filters`) → the parsed value.
 */
export function coerceFormValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(coerceFormValue).filter((v) => v !== undefined);
  if (typeof value !== 'string') return value;
  const s = value.trim();
  if (s === '') return undefined;
  if (s === 'true') return true;
  if (s === 'false') return false;
  if (/^-?(0|[1-9]\d{0,14})(\.\d+)?$/.test(s)) return Number(s);
  if ((s.startsWith('{') && s.endsWith('}')) || (s.startsWith('[') && s.endsWith(']'))) {
    try {
      return JSON.parse(s);
    } catch {
      return value;
    }
  }
  return value;
}

/** Fields named here keep their text as sent (passwords, usernames, codes that may look numeric). */
export function coerceForm(body: Record<string, unknown>, keepText: ReadonlySet<string> = TEXT_FIELDS) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    const value = keepText.has(k) ? (v === '' ? undefined : v) : coerceFormValue(v);
    if (value !== undefined) out[k] = value;
  }
  return out;
}

export const TEXT_FIELDS: ReadonlySet<string> = new Set([
  'username',
  'password',
  'new_password',
  'confirm_password',
  'otp',
  'reference',
  'reference_id',
  'data',
  'mobile',
  'mobile_confirmation',
  'telephone',
  'postalcode',
  'postal',
  'pin',
  'serial',
  'batch',
  'batch_no',
  'import_batch',
  'search_text',
  'transaction_key',
  'organisation_name',
  'support_id',
  'id',
  'token',
  'ustidnr',
  'stnr',
  'house_no',
]);
