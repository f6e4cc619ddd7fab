import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contract/limits';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema/customers.ts';

/** A stored language when it is one the portal speaks, else the portal's default (German). */
export function languageOf(stored: unknown): Language {
  return LANGUAGES.find((l) => l === stored) ?? DEFAULT_LANGUAGE;
}

/**
 * The language a user reads the portal in: the one chosen in its settings (the same the sign-in codes and
 * invitations are sent in), else German. Files a user downloads (exports, PIN lists) are written in it.
 */
export async function languageOfUser(db: Db, userId: number): Promise<Language> {
  const [row] = await db
    .select({ language: sql<string | null>`${users.settings}->>'language'` })
    .from(users)
    .where(eq(users.id, userId));
  return languageOf(row?.language);
}
