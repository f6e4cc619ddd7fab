import { LANGUAGES } from '@portal/contract/limits';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_KINDS,
  documentName,
  kindsIn,
  languageOf,
  MESSAGE_KINDS,
  type MessageKind,
  type MessageValues,
  messageText,
} from './message-texts.ts';

/** Values as the senders give them, with figures that show where each lands. */
const valuesOf = (language: (typeof LANGUAGES)[number]): { [K in MessageKind]: MessageValues<K> } => ({
  sign_in_code: { code: '493817' },
  verification_code: { code: '493817' },
  invitation: { link: 'https://shop.example/registration/set-password/abc' },
  low_stock: { product: 'Lebara Prepaid 15,00 €', available: '2', threshold: '3' },
  low_balance: { customer: 'Kiosk Yılmaz', balance: '10,30 €', trigger: '15,00 €' },
  invoice_mail: {
    document: documentName(language, 'invoice'),
    invoice_no: 'R-2026-0042',
    issuer: 'Demo Reseller GmbH',
  },
  overview_mail: {
    document: documentName(language, 'overview'),
    invoice_no: 'RK-2026-0007',
    issuer: 'Demo Reseller GmbH',
  },
});

/** The value each kind must show, so a text that drops it fails. */
const MUST_SHOW: Record<MessageKind, string[]> = {
  sign_in_code: ['493817'],
  verification_code: ['493817'],
  invitation: ['set-password/abc'],
  low_stock: ['Lebara Prepaid 15,00 €', '2', '3'],
  low_balance: ['Kiosk Yılmaz', '10,30 €', '15,00 €'],
  invoice_mail: ['R-2026-0042', 'Demo Reseller GmbH'],
  overview_mail: ['RK-2026-0007', 'Demo Reseller GmbH'],
};

/** Words of the English texts that never belong in a German mail. */
const ENGLISH = /\b(the|your|is|has|please|hello|below|fewer|attached|invoice|balance|stock)\b/i;

const render = (language: (typeof LANGUAGES)[number], kind: MessageKind) =>
  messageText(language, kind, valuesOf(language)[kind] as never);

describe('message texts', () => {
  it('every language has every message and document name German has', () => {
    for (const language of LANGUAGES) {
      expect(kindsIn(language).messages.sort(), language).toEqual([...MESSAGE_KINDS].sort());
      expect(kindsIn(language).documents.sort(), language).toEqual([...DOCUMENT_KINDS].sort());
    }
  });

  it.each(LANGUAGES)('renders every mail and SMS in %s, filled, with its own words', (language) => {
    for (const kind of MESSAGE_KINDS) {
      const m = render(language, kind);
      const text = `${m.subject}\n${m.body}`;
      expect(text, `${language} ${kind}`).not.toMatch(/\{\{|\}\}/);
      expect(m.subject.trim(), `${language} ${kind}`).not.toBe('');
      for (const shown of MUST_SHOW[kind]) expect(m.body, `${language} ${kind}`).toContain(shown);
      if (language === 'en') continue;
      const english = render('en', kind);
      expect(m.subject, `${language} ${kind}`).not.toBe(english.subject);
      expect(m.body, `${language} ${kind}`).not.toBe(english.body);
      if (language === 'de') expect(text, kind).not.toMatch(ENGLISH);
    }
    for (const kind of DOCUMENT_KINDS) {
      if (language !== 'en') expect(documentName(language, kind)).not.toBe(documentName('en', kind));
    }
  });

  it('a value left out stays visible as its slot, so the renders above would catch it', () => {
    const m = messageText('de', 'low_stock', { product: 'X' } as never);
    expect(m.body).toContain('{{available}}');
  });

  it('takes a stored language the portal speaks, else German', () => {
    expect(languageOf('fr')).toBe('fr');
    expect(languageOf(null)).toBe('de');
    expect(languageOf('xx')).toBe('de');
  });
});
