import { LANGUAGES } from '@portal/contract/limits';
import { describe, expect, it } from 'vitest';
import { languageOf, MESSAGE_KINDS, messageText } from './message-texts.ts';

describe('message texts', () => {
  it.each(LANGUAGES)('fills every message in %s, with its own words', (language) => {
    for (const kind of MESSAGE_KINDS) {
      const m = messageText(language, kind, {
        code: '493817',
        link: 'https://shop.example/registration/set-password/abc',
      });
      expect(`${m.subject} ${m.body}`, kind).not.toMatch(/\{\{|\}\}/);
      expect(m.subject.trim(), kind).not.toBe('');
      expect(m.body, kind).toMatch(kind === 'invitation' ? /set-password\/abc$/ : /493817/);
      if (language !== 'en') expect(m.body, kind).not.toBe(messageText('en', kind, { code: '493817', link: 'x' }).body);
    }
  });

  it('takes a stored language the portal speaks, else German', () => {
    expect(languageOf('fr')).toBe('fr');
    expect(languageOf(null)).toBe('de');
    expect(languageOf('xx')).toBe('de');
  });
});
