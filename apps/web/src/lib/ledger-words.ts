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
/** The banking module's memo of a return debit: `Return <SEPA reason code> of bank:<line> <payer>`. */
const BANK_RETURN_MEMO = /^Return (?:([A-Z0-9]{4}) )?of bank:(\d+)(?: (.*))?$/;
/** The SEPA return reasons (ISO 20022 ExternalReturnReason1Code) a bank states most, said in words. */
const RETURN_CODES = [
  'AC01',
  'AC04',
  'AC06',
  'AG01',
  'AM04',
  'AM05',
  'MD01',
  'MD06',
  'MD07',
  'MS02',
  'MS03',
  'RR04',
  'FOCR',
];

/** A bank return's memo in words: whose payment came back, for which statement line, and the bank's reason. */
function bankReturnWords(t: TFunction, m: RegExpExecArray): string {
  const [, code, id, payer] = m;
  const line = payer ? t('credit.memos.bankReturn', { payer, id }) : t('credit.memos.bankReturnNoPayer', { id });
  if (!code) return line;
  const reason = RETURN_CODES.includes(code)
    ? t(`credit.memos.returnCodes.${code as 'AC01'}`)
    : t('credit.memos.returnCodeUnknown', { code });
  return `${line} · ${t('credit.memos.bankReturnReason', { reason })}`;
}

/**
 * A line's memo in the reader's words: the texts the server wrote in English (older lines keep them) are said
 * again in the reader's language or left out where the reference already says them; days in a typed memo (a
 * bank line's booking day) are shown as the reader writes days. Everything else was typed by a person.
 */
export function memoWords(t: TFunction, f: Pick<Formatters, 'money' | 'date'>, memo: string): string {
  if (RECLAMATION_MEMO.test(memo)) return '';
  const auto = AUTO_CREDIT_MEMO.exec(memo);
  if (auto) return t('credit.memos.autoCredit', { amount: f.money(auto[1]!) });
  const bankReturn = BANK_RETURN_MEMO.exec(memo);
  if (bankReturn) return bankReturnWords(t, bankReturn);
  return memo.replace(ISO_DAY, (day) => f.date(`${day}T12:00:00`));
}
