/** What is wrong with an amount typed into a form; the server applies the same rule (contract `moneyAmount`). */
export type AmountProblem = 'required' | 'format' | 'positive';

const AMOUNT = /^\d{1,15}(\.\d{1,4})?$/;

/**
 * The decimal string the server expects from what a user typed: German users write "1.234,50", others "1234.50".
 * With both separators the last one is the decimal mark; a lone comma is one too. Never goes through a float.
 */
export function normaliseAmount(text: string): string {
  const s = text.replace(/[\s\u00a0€]/g, '');
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    return comma > dot ? s.replaceAll('.', '').replace(',', '.') : s.replaceAll(',', '');
  }
  return comma >= 0 ? s.replace(',', '.') : s;
}

export function amountProblem(
  text: string,
  options: { positive?: boolean; optional?: boolean } = {},
): AmountProblem | null {
  const value = normaliseAmount(text);
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
