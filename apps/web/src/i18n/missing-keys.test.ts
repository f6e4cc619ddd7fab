import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { MISSING_KEY_PREFIX, reportMissingKeys } from './missing-keys.ts';

describe('missing translation keys', () => {
  it('are reported with the language, namespace and key, dynamic keys included', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'de',
      resources: { de: { translation: { flags: { has_credit: 'Guthaben' } } } },
      ...reportMissingKeys,
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(i18n.t('flags.has_credit')).toBe('Guthaben');
      expect(logged).not.toHaveBeenCalled();
      expect(i18n.t('flags.has_nothing', { defaultValue: '' })).toBe('');
      expect(logged).not.toHaveBeenCalled();
      const flag: string = 'has_nothing';
      i18n.t(`flags.${flag}` as 'flags.has_credit');
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(/^\[i18n\] missing translation: \S+ translation:flags\.has_nothing$/),
      );
      expect(String(logged.mock.calls[0]![0]).startsWith(MISSING_KEY_PREFIX)).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });
});
