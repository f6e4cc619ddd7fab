import type { TFunction } from 'i18next';
import type { Formatters } from './format.ts';

/** The references the server writes as `kind:id` (the ledger is append-only, so old lines keep them too). */
const REFERENCE = /^(reclamation|bank|hardware_order|inventory_import):(\d+)$/;

/** A ledger line's reference in the reader's words; a reference someone typed (a payment's) stays as typed. */
export function referenceWords(t: TFunction, reference: string | null): string | null {
  const m = reference === null ? null : REFERENCE.exec(reference);
  if (!m) return reference;
  return t(`credit.references.${m[1] as 'reclamation' | 'bank' | 'hardware_order' | 'inventory_import'}`, { id: m[2] });
}

const RECLAMATION_MEMO = /^Reclamation \d+$/;
const AUTO_CREDIT_MEMO = /^Auto credit: balance below (\d+(?:\.\d+)?)$/;
const ISO_DAY = /\b(\d{4}-\d{2}-\d{2})\b/g;

/**
 * A line's memo in the reader's words: the texts the server wrote in English (older lines keep them) are said
 * again in the reader's language or left out where the reference already says them; days in a typed memo (a
 * bank line's booking day) are shown as the reader writes days. Everything else was typed by a person.
 */
export function memoWords(t: TFunction, f: Pick<Formatters, 'money' | 'date'>, memo: string): string {
  if (RECLAMATION_MEMO.test(memo)) return '';
  const auto = AUTO_CREDIT_MEMO.exec(memo);
  if (auto) return t('credit.memos.autoCredit', { amount: f.money(auto[1]) });
  return memo.replace(ISO_DAY, (day) => f.date(`${day}T12:00:00`));
}
