import { z } from 'zod';
import { failedPasswordChecks } from './password-checks.ts';

export const passwordSchema = z
  .string()
  .max(128)
  .refine((p) => failedPasswordChecks(p).length === 0, {
    message:
      'password: at least 8 characters with an uppercase letter, a lowercase letter, a number and one of ! # $ % & @ * ?',
    params: { rule: 'password' },
  });
