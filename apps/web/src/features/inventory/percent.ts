const PERCENT = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * A discount in percent from its decimal text, in the German number format euro amounts use (spec
 * section 1), so "6,00 %" stands next to "9,40 €". Intl takes the string exactly, never as a float.
 */
export function formatPercent(value: string): string {
  return `${PERCENT.format(value as unknown as number)} %`;
}
