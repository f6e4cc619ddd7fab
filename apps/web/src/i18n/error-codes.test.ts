import { ERROR_STATUS, type ErrorCode } from '@portal/contract/envelope';
import { ERROR_PARAMS } from '@portal/contract/error-params';
import { LANGUAGES } from '@portal/contract/limits';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { describeError } from '../lib/errors.ts';
import { de } from './all/de.ts';
import { en } from './all/en.ts';
import { fr } from './all/fr.ts';
import { nl } from './all/nl.ts';
import { tr } from './all/tr.ts';
import { reportMissingKeys } from './missing-keys.ts';

const bundles = { de, en, tr, fr, nl };
// A server fault has nothing to explain beyond the generic text.
const codes = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => code !== 'internal');

describe.each(LANGUAGES)('refusal texts in %s', (language) => {
  let t: TFunction;
  beforeAll(async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: language,
      resources: { [language]: { translation: bundles[language] } },
      interpolation: { escapeValue: false },
      ...reportMissingKeys,
    });
    t = i18n.t;
  });

  it.each(codes)('%s fills every placeholder from the parameters the server must send with it', (code) => {
    const declared: readonly string[] = (ERROR_PARAMS as Partial<Record<ErrorCode, readonly string[]>>)[code] ?? [];
    // A decimal, a name with an apostrophe and a number, as the server sends them.
    const params = Object.fromEntries(declared.map((name, i) => [name, i % 2 === 0 ? '1234.5' : `O'Neil ${i}`]));
    const text = describeError(t, new ApiError(code, '', ERROR_STATUS[code], [], undefined, params));
    expect(text).not.toMatch(/\{\{|\}\}/);
  });

  it.each(codes)('%s has its own text', (code) => {
    // Without a server message the screen can only show what the bundle says for the code.
    const text = describeError(t, new ApiError(code, '', ERROR_STATUS[code]));
    expect(text.trim()).not.toBe('');
    expect(text).not.toBe(t('errors.generic'));
  });
});
