import type { Language } from '@portal/contract/limits';

/** A Berlin day as the API takes it. */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A day as people type it in the five languages: day first, then month and year, any of `.`, `/`, `-` between. */
const TYPED_DAY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;

/** How a day is shown in a date field, the same as the app's dates elsewhere (`Intl` in formatDate). */
export const DAY_FORMATS: Record<Language, string> = {
  de: 'DD.MM.YYYY',
  en: 'DD/MM/YYYY',
  tr: 'DD.MM.YYYY',
  fr: 'DD/MM/YYYY',
  nl: 'DD-MM-YYYY',
};

/**
 * A typed day as `YYYY-MM-DD`, or null while it is not (yet) a real day: `31.1.2026`, `31/01/2026`, `31-01-2026`
 * in any language, and the API's own `2026-01-31`.
 */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DAY.exec(trimmed);
  const typed = TYPED_DAY.exec(trimmed);
  const [year, month, day]: [number, number, number] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : typed
      ? [Number(typed[3]), Number(typed[2]), Number(typed[1])]
      : [0, 0, 0];
  if (!year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

export interface DateRange {
  /** Berlin days as YYYY-MM-DD; '' leaves that end open. */
  from: string;
  to: string;
}

/**
 * What a period filter last sent. A change of one end goes out with the other end as last sent, not as last
 * rendered: when both ends change before the page renders again (a person or a browser test typing both dates),
 * the second change would otherwise send the first end back as it was. A new value from the page replaces it.
 */
export function rangeTracker(initial: DateRange) {
  let rendered = initial;
  let latest = initial;
  return {
    /** The value the filter renders with. */
    render(value: DateRange) {
      if (value.from === rendered.from && value.to === rendered.to) return;
      rendered = value;
      latest = value;
    },
    /** The range to send when `end` becomes `day`. */
    change(end: keyof DateRange, day: string): DateRange {
      latest = { ...latest, [end]: day };
      return latest;
    },
  };
}
