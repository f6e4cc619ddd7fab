import { LIMITS } from './limits.ts';

/** The password rule of spec section 5 as separate checks, so forms show each one live (zod-free for the web). */
export const PASSWORD_CHECKS = [
  { key: 'length', test: (p: string) => p.length >= LIMITS.passwordMinLength },
  { key: 'uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lowercase', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digit', test: (p: string) => /[0-9]/.test(p) },
  { key: 'symbol', test: (p: string) => /[!#$%&@*?]/.test(p) },
] as const;
export type PasswordCheck = (typeof PASSWORD_CHECKS)[number]['key'];

export function failedPasswordChecks(password: string): PasswordCheck[] {
  return PASSWORD_CHECKS.filter((c) => !c.test(password)).map((c) => c.key);
}
