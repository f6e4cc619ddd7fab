import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { organisations } from '../../db/schema/organisations.ts';

export function createUsersRepository(db: Db) {
  return {
    async findProfile(userId: number) {
      const rows = await db
        .select({
          username: users.username,
          name: users.name,
          isMain: users.isMain,
          isActive: users.isActive,
          settings: users.settings,
          customerName: customers.name,
          address: customers.address,
          organisationName: organisations.name,
          supportEmail: organisations.supportEmail,
          supportPhone: organisations.supportPhone,
          supportText: organisations.supportText,
        })
        .from(users)
        .innerJoin(customers, eq(customers.id, users.customerId))
        .innerJoin(organisations, eq(organisations.id, users.organisationId))
        .where(eq(users.id, userId));
      return rows[0];
    },
    async mergeSettings(userId: number, settings: Record<string, unknown>) {
      const [row] = await db
        .update(users)
        .set({ settings: sql`${users.settings} || ${JSON.stringify(settings)}::jsonb` })
        .where(eq(users.id, userId))
        .returning({ settings: users.settings });
      return row!.settings; // the signed-in user's own row, and users are never deleted
    },
  };
}
export type UserProfile = NonNullable<Awaited<ReturnType<UsersRepository['findProfile']>>>;
export type UsersRepository = ReturnType<typeof createUsersRepository>;
