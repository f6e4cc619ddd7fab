import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { organisationHosts, organisations } from '../../db/schema/organisations.ts';

export function createOrganisationsRepository(db: Db) {
  return {
    async findByHost(host: string) {
      const rows = await db
        .select({
          id: organisations.id,
          name: organisations.name,
          logo: organisations.logo,
          loginLogo: organisations.loginLogo,
          supportEmail: organisations.supportEmail,
          supportPhone: organisations.supportPhone,
          supportText: organisations.supportText,
          resellerId: organisationHosts.resellerId,
        })
        .from(organisationHosts)
        .innerJoin(organisations, eq(organisations.id, organisationHosts.organisationId))
        .where(eq(organisationHosts.host, host.toLowerCase()));
      return rows[0];
    },
    async findById(id: number) {
      const rows = await db.select().from(organisations).where(eq(organisations.id, id));
      return rows[0];
    },
  };
}
export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;
