import { describe, expect, it } from 'vitest';
import { moneyFilters } from './credit.ts';
import { LEDGER_WORDS } from './ledger-words.ts';
import { LANGUAGES } from './limits.ts';

describe('the ledger words, one home for screens and exports', () => {
  const kinds = moneyFilters.shape.kind.unwrap().options;

  it('names every entry kind a ledger list filters by, in every language, never as a code', () => {
    for (const language of LANGUAGES) {
      const words = LEDGER_WORDS[language];
      expect(Object.keys(words.kinds).sort(), language).toEqual([...kinds].sort());
      for (const [code, word] of Object.entries({ ...words.kinds, ...words.accounts, ...words.methods })) {
        expect(word.trim(), `${language} ${code}`).not.toBe('');
        expect(word, `${language} ${code}`).not.toMatch(/^[a-z]+(_[a-z]+)+$/);
      }
      expect(Object.keys(words.accounts)).toEqual(Object.keys(LEDGER_WORDS.de.accounts));
      expect(Object.keys(words.methods)).toEqual(Object.keys(LEDGER_WORDS.de.methods));
    }
  });
});
