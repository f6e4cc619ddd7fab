import { AUDIT_KINDS } from '@portal/contract/audit';
import { AUDIT_WORDS, auditActorText, auditFieldTexts } from '@portal/contract/audit-words';
import { LANGUAGES } from '@portal/contract/limits';
import { describe, expect, it } from 'vitest';
import { AUDITED_TABLES } from '../../db/audit.ts';

/** Issue 41: the trail said in words in every language, so a new audited table or column without a word fails here. */
describe('the audit trail’s words', () => {
  it('names every audited table as a kind the log filters by', () => {
    expect([...AUDIT_KINDS].sort()).toEqual(Object.keys(AUDITED_TABLES).sort());
  });

  it.each(LANGUAGES)('%s has a word for every audited table and every recorded column', (language) => {
    const words = AUDIT_WORDS[language];
    const missing: string[] = [];
    for (const [table, t] of Object.entries(AUDITED_TABLES)) {
      if (!(words.kinds as Record<string, string>)[table]?.trim()) missing.push(table);
      for (const recorded of t.recorded) {
        const column = recorded.replace(/^~/, '');
        const word = (words.fields as Record<string, string>)[column];
        if (!word?.trim() || /^[a-z]+(_[a-z]+)+$/.test(word)) missing.push(`${table}.${column}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('shows values as the forms do: money, percentages, flags, roles and a password reset without its value', () => {
    const change = {
      kind: 'customers',
      changes: {
        credit_limit: { before: '0.0000', after: '1234.5600' },
        enable_otp: { before: false, after: true },
        account_role: { after: '2' },
      },
    };
    expect(auditFieldTexts(change, 'de')).toEqual([
      { column: 'credit_limit', field: 'Kreditlimit', event: null, before: '0,00\u00a0€', after: '1.234,56\u00a0€' },
      { column: 'enable_otp', field: 'Anmeldung mit OTP', event: null, before: 'Nein', after: 'Ja' },
      { column: 'account_role', field: 'Kontoart', event: null, before: '—', after: 'Shop' },
    ]);
    expect(auditFieldTexts(change, 'tr')[1]).toMatchObject({ field: 'OTP ile giriş', before: 'Hayır', after: 'Evet' });
    const discount = auditFieldTexts({ kind: 'discount_slab_items', changes: { discount: { after: '6.3750' } } }, 'en');
    expect(discount[0]).toMatchObject({ field: 'Discount', after: '6,375 %' });
    const address = auditFieldTexts(
      {
        kind: 'customers',
        changes: {
          address: {
            before: { city: '', postal: '', address: '', house_no: '' },
            after: { city: 'Berlin', postal: '10115', address: 'Hauptstr.', house_no: '5' },
          },
        },
      },
      'de',
    );
    expect(address[0]).toMatchObject({ field: 'Adresse', before: '—', after: 'Hauptstr. 5, 10115 Berlin' });
    const reset = auditFieldTexts({ kind: 'users', changes: { password_hash: { event: 'reset' } } }, 'de');
    expect(reset[0]).toMatchObject({ event: 'Passwort zurückgesetzt', before: '—', after: '—' });
  });

  it('names who acted: a user by name, a job, the seed, a migration, the public', () => {
    const by = (actor_name: string, actor_user_name: string | null = null) =>
      auditActorText({ actor_name, actor_user_id: actor_user_name ? 7 : null, actor_user_name }, 'de');
    expect(by('user', 'Erika Muster')).toBe('Erika Muster');
    expect(by('job:invoice-run')).toBe('Job: invoice-run');
    expect(by('seed')).toBe('Demo-Daten');
    expect(by('migration')).toBe('Migration');
    expect(by('public')).toBe('Öffentlich (Anmeldung)');
    expect(by('api_key', 'kiosk')).toBe('Partner-API (kiosk)');
  });
});
