import { test as base, expect } from '@playwright/test';
import { MISSING_KEY_PREFIX } from '../apps/web/src/i18n/missing-keys.ts';

/**
 * The browser tests' `test`: a test fails when a page of its context looked up a translation key that
 * no language has (the app logs it, see apps/web/src/i18n/missing-keys.ts).
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    const missing: string[] = [];
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith(MISSING_KEY_PREFIX)) missing.push(message.text());
    });
    await use(context);
    expect(missing, 'translation keys missing in every language').toEqual([]);
  },
});

export type { Page } from '@playwright/test';
export { expect };
