import { afterEach, expect } from 'vitest';
import { MISSING_KEY_PREFIX } from './missing-keys.ts';

// Every unit test fails when a translation key it looked up exists in no language.
const missing: string[] = [];
const logError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith(MISSING_KEY_PREFIX)) missing.push(args[0]);
  logError(...args);
};

afterEach(() => {
  expect(missing.splice(0), 'translation keys missing in every language').toEqual([]);
});
