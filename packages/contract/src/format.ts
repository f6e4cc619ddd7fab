export const TIME_ZONE = 'Europe/Berlin';

const LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-GB', tr: 'tr-TR', fr: 'fr-FR', nl: 'nl-NL' };

// Making an Intl formatter costs far more than formatting with it (the seller's dashboard spent about 25 ms of its
// first render making them), so each kind of formatter is made once.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  const found = formatters.get(key);
  if (found) return found as F;
  const made = make();
  formatters.set(key, made);
  return made;
}

const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = LOCALES[language] ?? 'de-DE';
  return cached(
    `d ${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options }),
  );
}

/**
 * Money from its decimal string. Euro always in German format with 2 decimals (spec section 1);
 * other currencies keep up to 4 decimals. Never goes through a float: Intl takes the decimal string
 * exactly and rounds it half away from zero (`halfExpand`), so no decimal library is loaded for it.
 */
export function formatMoney(
  amount: string | number | { toFixed(): string },
  currency = 'EUR',
  language = 'de',
): string {
  const euro = currency === 'EUR';
  const locale = euro ? 'de-DE' : (LOCALES[language] ?? 'de-DE');
  const fmt = numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: euro ? 2 : 0,
    maximumFractionDigits: euro ? 2 : 4,
    roundingMode: 'halfExpand',
  });
  const exact = typeof amount === 'object' ? amount.toFixed() : String(amount);
  return fmt.format(exact as Intl.StringNumericLiteral);
}

const PERCENT = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * A discount in percent from its decimal text, in the German number format euro amounts use (spec
 * section 1), so "6,00 %" stands next to "9,40 €" in every language. Intl takes the string exactly.
 */
export function formatPercent(value: string): string {
  return `${PERCENT.format(value as Intl.StringNumericLiteral)} %`;
}

/** A date and time in Berlin time, in the user's language. */
export function formatDateTime(value: string | number | Date, language = 'de'): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function formatDate(value: string | number | Date, language = 'de'): string {
  return dateFormat(language, { dateStyle: 'medium' }).format(new Date(value));
}

/** Counts above 999 shortened with k, for dashboards and charts only, never for money. */
export function formatCount(n: number, language = 'de'): string {
  const locale = LOCALES[language] ?? 'de-DE';
  if (Math.abs(n) <= 999) return numberFormat(locale).format(n);
  const k = Math.trunc(n / 100) / 10;
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(k)}k`;
}
