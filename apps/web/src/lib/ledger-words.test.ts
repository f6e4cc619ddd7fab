import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { de } from '../i18n/all/de.ts';
import { tr } from '../i18n/all/tr.ts';
import { formattersFor } from './format.ts';
import { memoWords, referenceWords } from './ledger-words.ts';

async function tIn(language: 'de' | 'tr', bundle: object): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: bundle } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('ledger lines in words', () => {
  let t: TFunction;
  beforeAll(async () => {
    t = await tIn('de', de);
  });
  const f = formattersFor('de');

  it('says the references the server writes as kind:id in words, and keeps typed ones', () => {
    expect(referenceWords(t, 'reclamation:1')).toBe('Reklamation 1');
    expect(referenceWords(t, 'bank:9')).toBe('Kontoauszugszeile 9');
    expect(referenceWords(t, 'hardware_order:12')).toBe('Hardware-Bestellung 12');
    expect(referenceWords(t, 'RE-000017 Mai')).toBe('RE-000017 Mai');
    expect(referenceWords(t, null)).toBeNull();
  });

  it("says the server's English memos in the reader's words and writes days as the reader does", () => {
    expect(memoWords(t, f, 'Reclamation 1')).toBe('');
    expect(memoWords(t, f, 'Auto credit: balance below 10.00')).toBe(`Guthaben unter ${f.money('10.00')}`);
    expect(memoWords(t, f, 'RE-000017 Kiosk Müller 2026-11-28 Rechnung Mai')).toBe(
      'RE-000017 Kiosk Müller 28.11.2026 Rechnung Mai',
    );
    expect(memoWords(t, f, 'Lieferung Dienstag')).toBe('Lieferung Dienstag');
  });

  it('says a bank return in words: whose payment, which statement line, the SEPA reason (issue 40)', async () => {
    expect(memoWords(t, f, 'Return AM04 of bank:9 Kiosk Yılmaz')).toBe(
      'Rücklastschrift von Kiosk Yılmaz zu Kontoauszugszeile 9 · Grund: Deckung unzureichend',
    );
    expect(memoWords(t, f, 'Return MD06 of bank:12 Kiosk Müller')).toBe(
      'Rücklastschrift von Kiosk Müller zu Kontoauszugszeile 12 · Grund: Rückgabe auf Wunsch des Zahlers',
    );
    // A code the portal has no words for is named as the bank's code; a return without a code has no reason.
    expect(memoWords(t, f, 'Return XT99 of bank:3 A')).toBe(
      'Rücklastschrift von A zu Kontoauszugszeile 3 · Grund: Rückgabegrund XT99',
    );
    expect(memoWords(t, f, 'Return of bank:4 Kiosk')).toBe('Rücklastschrift von Kiosk zu Kontoauszugszeile 4');
    const turkish = await tIn('tr', tr);
    expect(memoWords(turkish, formattersFor('tr'), 'Return AC04 of bank:9 Kiosk')).toBe(
      'Kiosk ödemesinin iadesi, banka hesap özeti satırı 9 · Neden: hesap kapalı',
    );
  });

  it('speaks the reader’s language', async () => {
    const turkish = await tIn('tr', tr);
    expect(referenceWords(turkish, 'reclamation:3')).toBe('Şikâyet 3');
    expect(turkish('credit.methods.bank')).toBe('Banka içe aktarımı');
  });
});
