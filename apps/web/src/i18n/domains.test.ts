import { describe, expect, it } from 'vitest';
import { de } from './all/de.ts';
import { assemble } from './domains.ts';
import { de as shell } from './shell/de.ts';

describe('assemble', () => {
  it("puts each domain's entries into the shared lists next to the shell's, and its own texts under its key", () => {
    const texts = assemble(shell, {
      'a/de.ts': { screen: { a: 'A' }, errors: { codes: { a_refused: 'Nein' } }, a: { title: 'A' } },
      'b/de.ts': { screen: { b: 'B' }, b: { title: 'B' } },
    }) as unknown as Record<string, Record<string, unknown>>;
    expect(texts.screen).toMatchObject({ ...shell.screen, a: 'A', b: 'B' });
    expect(texts.errors).toMatchObject({ ...shell.errors, codes: { ...shell.errors.codes, a_refused: 'Nein' } });
    expect(texts.a).toEqual({ title: 'A' });
    expect(texts.b).toEqual({ title: 'B' });
    // The shell itself stays as it is: the sign-in page's texts are the same object throughout.
    expect(shell.screen).not.toHaveProperty('a');
  });

  it('refuses a text two domains define', () => {
    expect(() => assemble(shell, { 'a/de.ts': { screen: { x: 'A' } }, 'b/de.ts': { screen: { x: 'B' } } })).toThrow(
      'i18n: screen.x is defined twice',
    );
    expect(() => assemble(shell, { 'a/de.ts': { common: { cancel: 'Weg' } } })).toThrow('common.cancel');
  });

  it("finds every domain folder's texts", () => {
    for (const key of [
      'products',
      'suppliers',
      'inventory',
      'stockReports',
      'customers',
      'flags',
      'register',
      'selling',
      'topup',
      'partner',
      'alerts',
    ]) {
      expect(de, key).toHaveProperty(key);
    }
    expect(de.screen).toHaveProperty('directRecharge');
    expect(de.errors.codes).toHaveProperty('import_not_csv');
    expect(de.menu).toMatchObject(shell.menu);
  });
});
