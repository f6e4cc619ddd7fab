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

  it('speaks the reader’s language', async () => {
    const turkish = await tIn('tr', tr);
    expect(referenceWords(turkish, 'reclamation:3')).toBe('Şikâyet 3');
    expect(turkish('credit.methods.bank')).toBe('Banka içe aktarımı');
  });
});
