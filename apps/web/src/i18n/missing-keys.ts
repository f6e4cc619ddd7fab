/** The line a missing key logs; unit and browser tests fail on it. */
export const MISSING_KEY_PREFIX = '[i18n] missing translation';

/**
 * i18next options that report every lookup of a key no language has, dynamic keys included (`flags.*`,
 * `menu.*`, `errors.codes.*`), instead of silently showing the key. A lookup that names its own
 * `defaultValue` asks whether a text exists (e.g. an optional text per refusal code) and is not reported.
 */
export const reportMissingKeys = {
  saveMissing: true,
  missingKeyHandler: (
    languages: readonly string[],
    namespace: string,
    key: string,
    _fallback: string,
    _update: boolean,
    options?: { defaultValue?: unknown },
  ) => {
    if (options?.defaultValue !== undefined) return;
    console.error(`${MISSING_KEY_PREFIX}: ${languages.join(',')} ${namespace}:${key}`);
  },
};
