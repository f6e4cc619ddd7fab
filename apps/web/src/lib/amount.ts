/** What is wrong with an amount typed into a form; the server applies the same rule (contract `moneyAmount`). */
export type AmountProblem = 'required' | 'format' | 'positive';

const AMOUNT = /^\d{1,15}(\.\d{1,4})?$/;
/** Languages that write a decimal comma and group thousands with a dot (French groups with a space). */
const DECIMAL_COMMA = new Set(['de', 'fr', 'nl', 'tr']);

const writesDecimalComma = (language: string) => DECIMAL_COMMA.has(language.slice(0, 2));

/**
 * The decimal string the server expects from what a user typed, read the way the user's language writes numbers:
 * in German "1.500" is one thousand five hundred, "1.234,56" and "15,00" are what they look like; in English
 * "1,500" is a thousand five hundred and "15.00" fifteen. Where the text can only mean one thing it is read that way
 * in every language (with both marks the last is the decimal one; "15,00" in English, "10.5" in German). Never goes
 * through a float; what cannot be read is returned as typed, for the format rule to refuse.
 */
export function normaliseAmount(text: string, language = 'en'): string {
  const s = text.replace(/[\s\u00a0\u202f€%]/g, '');
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    return comma > dot ? s.replaceAll('.', '').replace(',', '.') : s.replaceAll(',', '');
  }
  const grouping = writesDecimalComma(language) ? '.' : ',';
  const groups = new RegExp(`^-?\\d{1,3}(\\${grouping}\\d{3})+$`);
  if (groups.test(s)) return s.replaceAll(grouping, '');
  return comma >= 0 && comma === s.indexOf(',') ? s.replace(',', '.') : s;
}

/** A decimal string as the user's language writes it in a field: "1234.5" is "1234,5" in German. */
export function amountForInput(value: string | number | null | undefined, language = 'en'): string {
  const s = value === null || value === undefined ? '' : String(value);
  return writesDecimalComma(language) ? s.replace('.', ',') : s;
}

export function amountProblem(
  text: string,
  options: { positive?: boolean; optional?: boolean; language?: string } = {},
): AmountProblem | null {
  const value = normaliseAmount(text, options.language);
  if (value === '') return options.optional ? null : 'required';
  if (!AMOUNT.test(value)) return 'format';
  // A valid amount is greater than zero exactly when it has a non-zero digit.
  if (options.positive && !/[1-9]/.test(value)) return 'positive';
  return null;
}

/** The amount to send, or undefined for an empty optional field. */
export function amountOrUndefined(text: string): string | undefined {
  const value = normaliseAmount(text);
  return value === '' ? undefined : value;
}
